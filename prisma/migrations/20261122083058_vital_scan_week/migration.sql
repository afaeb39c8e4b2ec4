-- AlterTable
ALTER TABLE "vital_scans" ADD COLUMN     "engine" TEXT,
ADD COLUMN     "isoWeek" DATE;

-- CreateIndex
CREATE UNIQUE INDEX "vital_scans_userId_isoWeek_key" ON "vital_scans"("userId", "isoWeek");
