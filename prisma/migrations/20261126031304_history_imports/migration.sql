-- History imports (issue 24): an imported file's days are stored under their own source and linked to the
-- import, so that removing the import takes exactly its rows, and the same file (by SHA-256) is stored once.
-- AlterEnum
ALTER TYPE "MetricSource" ADD VALUE 'apple_health_export';

-- AlterTable
ALTER TABLE "daily_metrics" ADD COLUMN     "importId" TEXT;

-- CreateTable
CREATE TABLE "history_imports" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "recordsRead" INTEGER NOT NULL,
    "daysStored" INTEGER NOT NULL,
    "firstDay" DATE,
    "lastDay" DATE,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "history_imports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "history_imports_userId_sha256_key" ON "history_imports"("userId", "sha256");

-- CreateIndex
CREATE INDEX "daily_metrics_importId_idx" ON "daily_metrics"("importId");

-- AddForeignKey
ALTER TABLE "daily_metrics" ADD CONSTRAINT "daily_metrics_importId_fkey" FOREIGN KEY ("importId") REFERENCES "history_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "history_imports" ADD CONSTRAINT "history_imports_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
