-- AlterTable
ALTER TABLE "CustomConnector" ADD COLUMN     "refreshedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "skipped" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "transport" TEXT;

-- CreateIndex
CREATE INDEX "CustomConnector_accountId_createdAt_idx" ON "CustomConnector"("accountId", "createdAt");
