-- CreateTable
CREATE TABLE "CommerceIdempotencyKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "status" INTEGER,
    "body" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "CommerceWebhookEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "OutboxEmail" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "topic" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CheckoutSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "protocol" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "productName" TEXT NOT NULL,
    "priceId" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "interval" TEXT NOT NULL,
    "intervalCount" INTEGER NOT NULL,
    "trialDays" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "termsAcceptedAt" DATETIME,
    "processorSessionId" TEXT,
    "buyerEmail" TEXT,
    "orderId" TEXT,
    "completedAt" DATETIME,
    "canceledAt" DATETIME,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_CheckoutSession" ("createdAt", "id", "priceId", "productId", "protocol", "status", "updatedAt") SELECT "createdAt", "id", "priceId", "productId", "protocol", "status", "updatedAt" FROM "CheckoutSession";
DROP TABLE "CheckoutSession";
ALTER TABLE "new_CheckoutSession" RENAME TO "CheckoutSession";
CREATE UNIQUE INDEX "CheckoutSession_processorSessionId_key" ON "CheckoutSession"("processorSessionId");
CREATE UNIQUE INDEX "CheckoutSession_orderId_key" ON "CheckoutSession"("orderId");
CREATE INDEX "CheckoutSession_createdAt_idx" ON "CheckoutSession"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "CommerceIdempotencyKey_createdAt_idx" ON "CommerceIdempotencyKey"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CommerceIdempotencyKey_scope_key_key" ON "CommerceIdempotencyKey"("scope", "key");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxEmail_topic_key" ON "OutboxEmail"("topic");

-- CreateIndex
CREATE INDEX "OutboxEmail_sentAt_createdAt_idx" ON "OutboxEmail"("sentAt", "createdAt");
