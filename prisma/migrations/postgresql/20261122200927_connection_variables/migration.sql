-- AlterTable
ALTER TABLE "ConnectLink" ADD COLUMN     "variables" TEXT;

-- AlterTable
ALTER TABLE "Connection" ADD COLUMN     "variables" TEXT;
