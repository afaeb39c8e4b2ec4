-- CreateEnum
CREATE TYPE "BloodPressureSource" AS ENUM ('cuff', 'camera');

-- AlterTable
ALTER TABLE "vital_scans" ADD COLUMN "bloodPressureSource" "BloodPressureSource";

-- The built-in engine cannot measure blood pressure: every pressure stored with its scans was typed from a cuff.
-- A vendor engine's pressure stays unknown (null): it may have been measured or typed.
UPDATE "vital_scans" SET "bloodPressureSource" = 'cuff'
WHERE "systolicBloodPressureMmhg" IS NOT NULL AND ("engine" IS NULL OR "engine" = 'builtin');
