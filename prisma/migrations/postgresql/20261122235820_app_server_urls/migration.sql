-- AlterTable
ALTER TABLE "AppConfig" ADD COLUMN     "serverUrls" TEXT;
