-- AlterTable
ALTER TABLE "health_samples" ADD COLUMN     "day" DATE;

-- AlterTable
ALTER TABLE "daily_metrics" ADD COLUMN     "sleepAwakeMinutes" INTEGER,
ADD COLUMN     "sleepDeepMinutes" INTEGER,
ADD COLUMN     "sleepLightMinutes" INTEGER,
ADD COLUMN     "sleepRemMinutes" INTEGER;

-- AlterTable
ALTER TABLE "heart_rate_samples" ADD COLUMN     "importId" TEXT;

-- CreateIndex
CREATE INDEX "health_samples_userId_day_idx" ON "health_samples"("userId", "day");

-- CreateIndex
CREATE INDEX "heart_rate_samples_importId_idx" ON "heart_rate_samples"("importId");

-- AddForeignKey
ALTER TABLE "heart_rate_samples" ADD CONSTRAINT "heart_rate_samples_importId_fkey" FOREIGN KEY ("importId") REFERENCES "history_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;
