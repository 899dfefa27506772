-- CreateTable
CREATE TABLE "Account" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "project" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "preview" TEXT NOT NULL,
    "permissions" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "ApiKey_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AppConfig" (
    "appId" TEXT NOT NULL PRIMARY KEY,
    "clientId" TEXT,
    "clientSecretSealed" TEXT,
    "scopes" TEXT,
    "baseUrl" TEXT,
    "authorizeUrl" TEXT,
    "tokenUrl" TEXT,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ConnectLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "appId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "label" TEXT,
    "redirectUrl" TEXT,
    "scopes" TEXT,
    "expiresAt" DATETIME NOT NULL,
    "openedAt" DATETIME,
    "usedAt" DATETIME,
    "stateHash" TEXT,
    "codeVerifierSealed" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ConnectLink_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Connection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "appId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "authType" TEXT NOT NULL,
    "label" TEXT,
    "scopes" TEXT NOT NULL DEFAULT '',
    "credentialsSealed" TEXT NOT NULL,
    "expiresAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "lastUsedAt" DATETIME,
    CONSTRAINT "Connection_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomConnector" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "appId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "keySealed" TEXT,
    "keyIn" TEXT,
    "spec" TEXT,
    "tools" TEXT NOT NULL,
    "toolCount" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CustomConnector_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Trigger" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "typeId" TEXT,
    "appId" TEXT,
    "name" TEXT NOT NULL,
    "config" TEXT NOT NULL DEFAULT '{}',
    "webhookUrl" TEXT,
    "inboundToken" TEXT,
    "connectionId" TEXT,
    "signingSecretSealed" TEXT NOT NULL,
    "providerSecretSealed" TEXT,
    "registration" TEXT,
    "pollState" TEXT,
    "nextPollAt" DATETIME,
    "status" TEXT NOT NULL DEFAULT 'active',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Trigger_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Trigger_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Event" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "triggerId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveryStatus" TEXT NOT NULL,
    "nextAttemptAt" DATETIME,
    "lockedUntil" DATETIME,
    CONSTRAINT "Event_triggerId_fkey" FOREIGN KEY ("triggerId") REFERENCES "Trigger" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DeliveryAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "eventId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "at" DATETIME NOT NULL,
    "status" INTEGER,
    "error" TEXT,
    "durationMs" INTEGER NOT NULL,
    CONSTRAINT "DeliveryAttempt_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "tool" TEXT,
    "appId" TEXT NOT NULL,
    "connectionId" TEXT,
    "status" TEXT NOT NULL,
    "errorCode" TEXT,
    "upstreamStatus" INTEGER,
    "durationMs" INTEGER NOT NULL,
    "arguments" TEXT NOT NULL,
    "result" TEXT,
    "idempotencyKey" TEXT,
    "inputHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Run_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Run_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CheckoutSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "protocol" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "priceId" TEXT,
    "status" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "Account_email_key" ON "Account"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_fingerprint_key" ON "ApiKey"("fingerprint");

-- CreateIndex
CREATE INDEX "ApiKey_accountId_idx" ON "ApiKey"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "ConnectLink_tokenHash_key" ON "ConnectLink"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "ConnectLink_stateHash_key" ON "ConnectLink"("stateHash");

-- CreateIndex
CREATE INDEX "ConnectLink_accountId_idx" ON "ConnectLink"("accountId");

-- CreateIndex
CREATE INDEX "Connection_accountId_appId_status_idx" ON "Connection"("accountId", "appId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "CustomConnector_accountId_appId_key" ON "CustomConnector"("accountId", "appId");

-- CreateIndex
CREATE UNIQUE INDEX "Trigger_inboundToken_key" ON "Trigger"("inboundToken");

-- CreateIndex
CREATE INDEX "Trigger_accountId_idx" ON "Trigger"("accountId");

-- CreateIndex
CREATE INDEX "Trigger_nextPollAt_idx" ON "Trigger"("nextPollAt");

-- CreateIndex
CREATE INDEX "Event_triggerId_receivedAt_idx" ON "Event"("triggerId", "receivedAt");

-- CreateIndex
CREATE INDEX "Event_deliveryStatus_nextAttemptAt_idx" ON "Event"("deliveryStatus", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "DeliveryAttempt_eventId_number_key" ON "DeliveryAttempt"("eventId", "number");

-- CreateIndex
CREATE INDEX "Run_accountId_createdAt_idx" ON "Run"("accountId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Run_accountId_idempotencyKey_key" ON "Run"("accountId", "idempotencyKey");
