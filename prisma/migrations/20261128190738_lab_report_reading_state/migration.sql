-- AlterTable
ALTER TABLE "lab_reports" ADD COLUMN     "readingAt" TIMESTAMP(3),
ADD COLUMN     "readingJobId" TEXT,
ADD COLUMN     "readingProgress" INTEGER,
ADD COLUMN     "readingState" TEXT NOT NULL DEFAULT 'done';

-- CreateIndex
CREATE INDEX "lab_reports_readingState_readingAt_idx" ON "lab_reports"("readingState", "readingAt");
