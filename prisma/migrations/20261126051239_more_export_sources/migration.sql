-- Days read from imported Oura, Withings and Garmin exports, each under its own source (issue 24).
-- AlterEnum
ALTER TYPE "MetricSource" ADD VALUE 'oura_export';
ALTER TYPE "MetricSource" ADD VALUE 'withings_export';
ALTER TYPE "MetricSource" ADD VALUE 'garmin_export';
