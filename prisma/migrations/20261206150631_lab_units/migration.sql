-- Issue 56: the member's units for blood results (null: his country's, lib/labs/lab-units.ts).
-- CreateEnum
CREATE TYPE "LabUnits" AS ENUM ('conventional', 'si');

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "labUnits" "LabUnits";
