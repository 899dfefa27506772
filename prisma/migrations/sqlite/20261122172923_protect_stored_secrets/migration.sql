-- AlterTable
ALTER TABLE "Trigger" ADD COLUMN "inboundFingerprint" TEXT;
ALTER TABLE "Trigger" ADD COLUMN "inboundTokenSealed" TEXT;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN "resultSealed" TEXT;
ALTER TABLE "Run" ADD COLUMN "summary" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Trigger_inboundFingerprint_key" ON "Trigger"("inboundFingerprint");

-- CreateIndex
CREATE INDEX "Run_idempotencyKey_createdAt_idx" ON "Run"("idempotencyKey", "createdAt");
