-- AlterTable
ALTER TABLE "lab_results" ADD COLUMN     "referenceHigh" DOUBLE PRECISION,
ADD COLUMN     "referenceLow" DOUBLE PRECISION;
