-- CreateTable
CREATE TABLE "doctor_shares" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "label" TEXT,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "doctor_shares_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "doctor_share_views" (
    "id" TEXT NOT NULL,
    "shareId" TEXT NOT NULL,
    "viewedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "browser" TEXT NOT NULL,

    CONSTRAINT "doctor_share_views_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "doctor_shares_tokenHash_key" ON "doctor_shares"("tokenHash");

-- CreateIndex
CREATE INDEX "doctor_shares_userId_createdAt_idx" ON "doctor_shares"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "doctor_share_views_shareId_viewedAt_idx" ON "doctor_share_views"("shareId", "viewedAt");

-- AddForeignKey
ALTER TABLE "doctor_shares" ADD CONSTRAINT "doctor_shares_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "doctor_share_views" ADD CONSTRAINT "doctor_share_views_shareId_fkey" FOREIGN KEY ("shareId") REFERENCES "doctor_shares"("id") ON DELETE CASCADE ON UPDATE CASCADE;
