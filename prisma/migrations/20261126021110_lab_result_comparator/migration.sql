-- AlterTable
-- A result the lab gave as a bound ("<0.1", ">1500") keeps its comparator, so it is never read as exact.
ALTER TABLE "lab_results" ADD COLUMN "comparator" VARCHAR(2);
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_comparator_check" CHECK ("comparator" IN ('<', '<=', '>', '>='));
