-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Gender" AS ENUM ('male', 'female', 'other');

-- CreateEnum
CREATE TYPE "BiohackingExperience" AS ENUM ('just_getting_started', 'becoming_aware', 'taking_action', 'medically_managed');

-- CreateEnum
CREATE TYPE "ActivityLevel" AS ENUM ('sedentary', 'lightly_active', 'very_active', 'extremely_active');

-- CreateEnum
CREATE TYPE "DietPattern" AS ENUM ('none', 'keto', 'vegan', 'intermittent_fasting', 'paleo', 'mediterranean');

-- CreateEnum
CREATE TYPE "PlanPreference" AS ENUM ('structured', 'flexible');

-- CreateEnum
CREATE TYPE "Track" AS ENUM ('one', 'two');

-- CreateEnum
CREATE TYPE "UnitsPreference" AS ENUM ('cm_kg', 'ft_in_lbs');

-- CreateEnum
CREATE TYPE "SubscriptionStatus" AS ENUM ('trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused');

-- CreateEnum
CREATE TYPE "WearableProvider" AS ENUM ('whoop', 'oura', 'withings');

-- CreateEnum
CREATE TYPE "ConnectionStatus" AS ENUM ('connected', 'needs_reauth', 'revoked');

-- CreateEnum
CREATE TYPE "MetricSource" AS ENUM ('whoop', 'oura', 'withings', 'apple_health', 'scan', 'manual');

-- CreateEnum
CREATE TYPE "ScanSource" AS ENUM ('onboarding', 'weekly');

-- CreateEnum
CREATE TYPE "Mood" AS ENUM ('terrible', 'sad', 'neutral', 'happy', 'elated');

-- CreateEnum
CREATE TYPE "Energy" AS ENUM ('depleted', 'low', 'moderate', 'peak');

-- CreateEnum
CREATE TYPE "ActionOrigin" AS ENUM ('generated', 'manual');

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "emailVerified" TIMESTAMP(3),
    "name" TEXT,
    "image" TEXT,
    "passwordHash" TEXT,
    "firstName" TEXT,
    "lastName" TEXT,
    "dateOfBirth" DATE,
    "gender" "Gender",
    "country" TEXT,
    "city" TEXT,
    "allowLocationAccess" BOOLEAN NOT NULL DEFAULT false,
    "heightCm" INTEGER,
    "currentWeightKg" DOUBLE PRECISION,
    "desiredWeightKg" DOUBLE PRECISION,
    "shenaiTutorialWatched" BOOLEAN NOT NULL DEFAULT false,
    "biohackingExperience" "BiohackingExperience",
    "healthGoals" TEXT,
    "devicesIntegrated" BOOLEAN NOT NULL DEFAULT false,
    "track" "Track",
    "instructionsRead" BOOLEAN NOT NULL DEFAULT false,
    "activityLevel" "ActivityLevel",
    "dietPattern" "DietPattern",
    "currentBiohacks" TEXT,
    "planPreference" "PlanPreference",
    "dailyHealthTimeHours" DOUBLE PRECISION,
    "healthConditions" TEXT,
    "additionalFocusAreas" TEXT,
    "unitsPreference" "UnitsPreference" NOT NULL DEFAULT 'cm_kg',
    "notificationsEnabled" BOOLEAN NOT NULL DEFAULT true,
    "termsAcceptedAt" TIMESTAMP(3),
    "trialStartedAt" TIMESTAMP(3),
    "trialEndsAt" TIMESTAMP(3),
    "stripeCustomerId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT,
    "expires_at" INTEGER,
    "token_type" TEXT,
    "scope" TEXT,
    "id_token" TEXT,
    "session_state" TEXT,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "sessionToken" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expires" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verification_tokens" (
    "identifier" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires" TIMESTAMP(3) NOT NULL
);

-- CreateTable
CREATE TABLE "password_reset_tokens" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "stripeCustomerId" TEXT NOT NULL,
    "stripeSubscriptionId" TEXT NOT NULL,
    "status" "SubscriptionStatus" NOT NULL,
    "priceId" TEXT,
    "trialEnd" TIMESTAMP(3),
    "currentPeriodEnd" TIMESTAMP(3),
    "cancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wearable_connections" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "provider" "WearableProvider" NOT NULL,
    "accessTokenEncrypted" TEXT NOT NULL,
    "refreshTokenEncrypted" TEXT,
    "expiresAt" TIMESTAMP(3),
    "scopes" TEXT[],
    "externalUserId" TEXT,
    "status" "ConnectionStatus" NOT NULL DEFAULT 'connected',
    "lastSyncAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "wearable_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "daily_metrics" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "source" "MetricSource" NOT NULL,
    "sleepScore" INTEGER,
    "sleepDurationMinutes" INTEGER,
    "steps" INTEGER,
    "activeCaloriesKcal" INTEGER,
    "totalCaloriesKcal" INTEGER,
    "caloriesIntakeKcal" INTEGER,
    "restingHeartRateBpm" DOUBLE PRECISION,
    "hrvMs" DOUBLE PRECISION,
    "stressScore" DOUBLE PRECISION,
    "recoveryScore" INTEGER,
    "respiratoryRateBpm" DOUBLE PRECISION,
    "vo2Max" DOUBLE PRECISION,
    "weightKg" DOUBLE PRECISION,
    "bodyFatPercent" DOUBLE PRECISION,
    "systolicBpMmhg" INTEGER,
    "diastolicBpMmhg" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "daily_metrics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "heart_rate_samples" (
    "id" BIGSERIAL NOT NULL,
    "userId" TEXT NOT NULL,
    "recordedAt" TIMESTAMP(3) NOT NULL,
    "bpm" INTEGER NOT NULL,
    "source" "MetricSource" NOT NULL,

    CONSTRAINT "heart_rate_samples_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vital_scans" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "source" "ScanSource" NOT NULL,
    "measuredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ageYears" DOUBLE PRECISION,
    "averageSignalQuality" DOUBLE PRECISION,
    "bmiKgPerM2" DOUBLE PRECISION,
    "breathingRateBpm" DOUBLE PRECISION,
    "cardiacWorkloadMmhgPerSec" DOUBLE PRECISION,
    "diastolicBloodPressureMmhg" DOUBLE PRECISION,
    "heartRateBpm" DOUBLE PRECISION,
    "heightCm" DOUBLE PRECISION,
    "hrvLnrmssdMs" DOUBLE PRECISION,
    "hrvSdnnMs" DOUBLE PRECISION,
    "parasympatheticActivity" DOUBLE PRECISION,
    "stressIndex" DOUBLE PRECISION,
    "systolicBloodPressureMmhg" DOUBLE PRECISION,
    "weightKg" DOUBLE PRECISION,

    CONSTRAINT "vital_scans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "daily_checkins" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "mood" "Mood" NOT NULL,
    "energy" "Energy" NOT NULL,
    "symptoms" TEXT[],
    "reflection" JSONB NOT NULL DEFAULT '[]',
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "daily_checkins_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "daily_action_sets" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "vitality" INTEGER NOT NULL,
    "summary" TEXT NOT NULL,
    "lastRefreshAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "nextRefreshAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "daily_action_sets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "daily_actions" (
    "id" TEXT NOT NULL,
    "setId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "origin" "ActionOrigin" NOT NULL DEFAULT 'generated',
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "selected" BOOLEAN NOT NULL DEFAULT false,
    "confirmedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "daily_actions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "subtitle" TEXT NOT NULL DEFAULT '',
    "iconBase64" TEXT,
    "backgroundColor" TEXT,
    "border" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dismissedAt" TIMESTAMP(3),

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lab_reports" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "uploadedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lab_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lab_results" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "reportId" TEXT,
    "marker" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "unit" TEXT NOT NULL,
    "valueNgDl" DOUBLE PRECISION,
    "takenAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lab_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "supplements" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "photoUrl" TEXT NOT NULL,
    "link" TEXT NOT NULL,
    "tags" TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "supplements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_stripeCustomerId_key" ON "users"("stripeCustomerId");

-- CreateIndex
CREATE INDEX "accounts_userId_idx" ON "accounts"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "accounts_provider_providerAccountId_key" ON "accounts"("provider", "providerAccountId");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_sessionToken_key" ON "sessions"("sessionToken");

-- CreateIndex
CREATE INDEX "sessions_userId_idx" ON "sessions"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "verification_tokens_token_key" ON "verification_tokens"("token");

-- CreateIndex
CREATE UNIQUE INDEX "verification_tokens_identifier_token_key" ON "verification_tokens"("identifier", "token");

-- CreateIndex
CREATE UNIQUE INDEX "password_reset_tokens_tokenHash_key" ON "password_reset_tokens"("tokenHash");

-- CreateIndex
CREATE INDEX "password_reset_tokens_userId_idx" ON "password_reset_tokens"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_stripeSubscriptionId_key" ON "subscriptions"("stripeSubscriptionId");

-- CreateIndex
CREATE INDEX "subscriptions_userId_status_idx" ON "subscriptions"("userId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "wearable_connections_userId_provider_key" ON "wearable_connections"("userId", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "daily_metrics_userId_day_source_key" ON "daily_metrics"("userId", "day", "source");

-- CreateIndex
CREATE UNIQUE INDEX "heart_rate_samples_userId_recordedAt_source_key" ON "heart_rate_samples"("userId", "recordedAt", "source");

-- CreateIndex
CREATE INDEX "vital_scans_userId_source_measuredAt_idx" ON "vital_scans"("userId", "source", "measuredAt");

-- CreateIndex
CREATE UNIQUE INDEX "daily_checkins_userId_day_key" ON "daily_checkins"("userId", "day");

-- CreateIndex
CREATE UNIQUE INDEX "daily_action_sets_userId_day_key" ON "daily_action_sets"("userId", "day");

-- CreateIndex
CREATE UNIQUE INDEX "daily_actions_setId_position_key" ON "daily_actions"("setId", "position");

-- CreateIndex
CREATE INDEX "notifications_userId_dismissedAt_createdAt_idx" ON "notifications"("userId", "dismissedAt", "createdAt");

-- CreateIndex
CREATE INDEX "lab_reports_userId_uploadedAt_idx" ON "lab_reports"("userId", "uploadedAt");

-- CreateIndex
CREATE INDEX "lab_results_reportId_idx" ON "lab_results"("reportId");

-- CreateIndex
CREATE UNIQUE INDEX "lab_results_userId_marker_takenAt_key" ON "lab_results"("userId", "marker", "takenAt");

-- CreateIndex
CREATE UNIQUE INDEX "supplements_slug_key" ON "supplements"("slug");

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wearable_connections" ADD CONSTRAINT "wearable_connections_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "daily_metrics" ADD CONSTRAINT "daily_metrics_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "heart_rate_samples" ADD CONSTRAINT "heart_rate_samples_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vital_scans" ADD CONSTRAINT "vital_scans_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "daily_checkins" ADD CONSTRAINT "daily_checkins_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "daily_action_sets" ADD CONSTRAINT "daily_action_sets_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "daily_actions" ADD CONSTRAINT "daily_actions_setId_fkey" FOREIGN KEY ("setId") REFERENCES "daily_action_sets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_reportId_fkey" FOREIGN KEY ("reportId") REFERENCES "lab_reports"("id") ON DELETE SET NULL ON UPDATE CASCADE;
