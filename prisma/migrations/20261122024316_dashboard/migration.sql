-- AlterTable
ALTER TABLE "daily_actions" ADD COLUMN     "key" TEXT NOT NULL,
ADD COLUMN     "reason" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "alertDay" DATE;

-- CreateTable
CREATE TABLE "recommendation_sets" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "place" TEXT NOT NULL,
    "supplementSlugs" TEXT[],
    "advice" TEXT NOT NULL,
    "nextRefreshAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recommendation_sets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "recommendation_sets_userId_day_place_key" ON "recommendation_sets"("userId", "day", "place");

-- CreateIndex
CREATE UNIQUE INDEX "daily_actions_setId_key_key" ON "daily_actions"("setId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "notifications_userId_alertDay_key" ON "notifications"("userId", "alertDay");

-- AddForeignKey
ALTER TABLE "recommendation_sets" ADD CONSTRAINT "recommendation_sets_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
