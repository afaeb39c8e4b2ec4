-- A member's own trial, "did this change help me?" (lib/experiments/): the plan, and his answers day by day.
-- The e-mail when one ends is claimed in reminder_logs as the other mails are, for its unsubscribe link.
-- AlterEnum
ALTER TYPE "ReminderKind" ADD VALUE 'experiment_ended';

-- CreateTable
CREATE TABLE "experiments" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "change" TEXT NOT NULL,
    "catalogueKey" TEXT,
    "outcome" TEXT NOT NULL,
    "exploratory" TEXT[],
    "direction" TEXT NOT NULL,
    "design" TEXT NOT NULL,
    "baselineFrom" DATE NOT NULL,
    "changeFrom" DATE NOT NULL,
    "baselineDays" INTEGER NOT NULL,
    "changeDays" INTEGER NOT NULL,
    "returnDays" INTEGER,
    "stoppedAt" TIMESTAMP(3),
    "endNotifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "experiments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "experiment_days" (
    "id" TEXT NOT NULL,
    "experimentId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "didIt" BOOLEAN,
    "ill" BOOLEAN NOT NULL DEFAULT false,
    "travelling" BOOLEAN NOT NULL DEFAULT false,
    "drinking" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "experiment_days_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "experiments_userId_idx" ON "experiments"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "experiment_days_experimentId_day_key" ON "experiment_days"("experimentId", "day");

-- AddForeignKey
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiment_days" ADD CONSTRAINT "experiment_days_experimentId_fkey" FOREIGN KEY ("experimentId") REFERENCES "experiments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
