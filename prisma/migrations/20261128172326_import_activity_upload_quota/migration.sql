-- AlterTable
ALTER TABLE "history_imports" ADD COLUMN     "activityAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "sizeBytes" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "upload_leases" (
    "userId" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "upload_leases_pkey" PRIMARY KEY ("userId","slot")
);

-- AddForeignKey
ALTER TABLE "upload_leases" ADD CONSTRAINT "upload_leases_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
