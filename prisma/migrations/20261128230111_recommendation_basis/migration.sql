-- AlterTable
ALTER TABLE "recommendation_sets" ADD COLUMN     "basis" TEXT;
