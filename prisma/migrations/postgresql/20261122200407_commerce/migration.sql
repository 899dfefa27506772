-- AlterTable
ALTER TABLE "CheckoutSession" DROP COLUMN "body",
ADD COLUMN     "amount" INTEGER NOT NULL,
ADD COLUMN     "buyerEmail" TEXT,
ADD COLUMN     "canceledAt" TIMESTAMP(3),
ADD COLUMN     "completedAt" TIMESTAMP(3),
ADD COLUMN     "currency" TEXT NOT NULL,
ADD COLUMN     "expiresAt" TIMESTAMP(3) NOT NULL,
ADD COLUMN     "interval" TEXT NOT NULL,
ADD COLUMN     "intervalCount" INTEGER NOT NULL,
ADD COLUMN     "orderId" TEXT,
ADD COLUMN     "processorSessionId" TEXT,
ADD COLUMN     "productName" TEXT NOT NULL,
ADD COLUMN     "termsAcceptedAt" TIMESTAMP(3),
ADD COLUMN     "trialDays" INTEGER NOT NULL,
ALTER COLUMN "priceId" SET NOT NULL;

-- CreateTable
CREATE TABLE "CommerceIdempotencyKey" (
    "id" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "status" INTEGER,
    "body" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CommerceIdempotencyKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CommerceWebhookEvent" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CommerceWebhookEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxEmail" (
    "id" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,

    CONSTRAINT "OutboxEmail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CommerceIdempotencyKey_createdAt_idx" ON "CommerceIdempotencyKey"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CommerceIdempotencyKey_scope_key_key" ON "CommerceIdempotencyKey"("scope", "key");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxEmail_topic_key" ON "OutboxEmail"("topic");

-- CreateIndex
CREATE INDEX "OutboxEmail_sentAt_createdAt_idx" ON "OutboxEmail"("sentAt", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CheckoutSession_processorSessionId_key" ON "CheckoutSession"("processorSessionId");

-- CreateIndex
CREATE UNIQUE INDEX "CheckoutSession_orderId_key" ON "CheckoutSession"("orderId");

-- CreateIndex
CREATE INDEX "CheckoutSession_createdAt_idx" ON "CheckoutSession"("createdAt");
