-- AlterTable
ALTER TABLE "users" ADD COLUMN     "doctorQuestions" TEXT;
