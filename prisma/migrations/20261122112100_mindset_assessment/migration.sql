-- CreateTable
CREATE TABLE "mindset_assessments" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "answers" INTEGER[],
    "score" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mindset_assessments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "mindset_assessments_userId_createdAt_idx" ON "mindset_assessments"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "mindset_assessments" ADD CONSTRAINT "mindset_assessments_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
