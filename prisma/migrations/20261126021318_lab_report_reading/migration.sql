-- AlterTable
-- What was read from an uploaded report, kept so the member can reopen its review until they confirm.
ALTER TABLE "lab_reports" ADD COLUMN "reading" JSONB;
