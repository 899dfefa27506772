-- AlterTable
ALTER TABLE "Trigger" ADD COLUMN     "enabled" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "priorAttempts" INTEGER NOT NULL DEFAULT 0;
