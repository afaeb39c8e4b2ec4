-- AlterTable
-- A result the lab gave as a bound ("<0.1", ">1500") keeps its comparator ("<", "<=", ">", ">=", as
-- POST /api/lab-results validates it), so it is never read as exact.
ALTER TABLE "lab_results" ADD COLUMN "comparator" VARCHAR(2);
