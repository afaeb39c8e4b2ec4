-- AlterTable
-- The statements a day's insights were phrased from: when the member's data or Units setting changes them,
-- the list is phrased again instead of waiting for midnight. Existing lists have none and are phrased again once.
ALTER TABLE "pattern_sets" ADD COLUMN "basis" TEXT;
