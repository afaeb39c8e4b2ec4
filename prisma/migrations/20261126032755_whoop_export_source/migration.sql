-- Days read from an imported Whoop data export, under their own source (issue 24).
-- AlterEnum
ALTER TYPE "MetricSource" ADD VALUE 'whoop_export';
