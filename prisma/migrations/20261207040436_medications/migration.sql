-- "What I take": the member's own supplements, medicines and testosterone therapy (lib/medications/), one row each.
-- CreateEnum
CREATE TYPE "MedicationKind" AS ENUM ('supplement', 'medication', 'trt');

-- CreateTable
CREATE TABLE "medications" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" "MedicationKind" NOT NULL,
    "name" TEXT NOT NULL,
    "dose" DOUBLE PRECISION,
    "doseUnit" TEXT,
    "frequency" TEXT NOT NULL,
    "intervalDays" INTEGER,
    "route" TEXT,
    "preparation" TEXT,
    "startedOn" DATE NOT NULL,
    "stoppedOn" DATE,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "medications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "medications_userId_idx" ON "medications"("userId");

-- AddForeignKey
ALTER TABLE "medications" ADD CONSTRAINT "medications_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
