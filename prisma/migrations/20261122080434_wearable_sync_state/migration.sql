-- AlterTable
ALTER TABLE "wearable_connections" ADD COLUMN     "backfilledAt" TIMESTAMP(3),
ADD COLUMN     "lastWebhookAt" TIMESTAMP(3),
ADD COLUMN     "notifySubscribedAt" TIMESTAMP(3),
ADD COLUMN     "syncProgress" INTEGER,
ADD COLUMN     "syncStartedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "webhook_subscriptions" (
    "id" TEXT NOT NULL,
    "provider" "WearableProvider" NOT NULL,
    "externalId" TEXT NOT NULL,
    "dataType" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "webhook_subscriptions_provider_dataType_eventType_key" ON "webhook_subscriptions"("provider", "dataType", "eventType");

-- CreateIndex
CREATE INDEX "wearable_connections_provider_externalUserId_idx" ON "wearable_connections"("provider", "externalUserId");
