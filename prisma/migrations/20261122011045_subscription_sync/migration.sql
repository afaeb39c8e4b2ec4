-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "cancelAt" TIMESTAMP(3),
ADD COLUMN     "syncedFromStripeAt" TIMESTAMP(3);
