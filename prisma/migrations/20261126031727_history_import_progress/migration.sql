-- A history import from upload to stored days: its status, progress, the file while it is needed, the preview.
-- AlterTable
ALTER TABLE "history_imports" ADD COLUMN     "finishedAt" TIMESTAMP(3),
ADD COLUMN     "preview" JSONB,
ADD COLUMN     "problem" TEXT,
ADD COLUMN     "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'queued',
ADD COLUMN     "storageKey" TEXT,
ALTER COLUMN "recordsRead" SET DEFAULT 0,
ALTER COLUMN "daysStored" SET DEFAULT 0;
