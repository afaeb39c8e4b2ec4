-- Issue 56: a reminder e-mail when a blood result outside the lab's range reaches its suggested retest date.
-- AlterEnum
ALTER TYPE "ReminderKind" ADD VALUE 'retest_due';
