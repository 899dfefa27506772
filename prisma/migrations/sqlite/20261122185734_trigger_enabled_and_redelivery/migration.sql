-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Trigger" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "typeId" TEXT,
    "appId" TEXT,
    "name" TEXT NOT NULL,
    "config" TEXT NOT NULL DEFAULT '{}',
    "webhookUrl" TEXT,
    "inboundFingerprint" TEXT,
    "inboundTokenSealed" TEXT,
    "inboundToken" TEXT,
    "connectionId" TEXT,
    "signingSecretSealed" TEXT NOT NULL,
    "providerSecretSealed" TEXT,
    "registration" TEXT,
    "pollState" TEXT,
    "nextPollAt" DATETIME,
    "status" TEXT NOT NULL DEFAULT 'active',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Trigger_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Trigger_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Trigger" ("accountId", "appId", "config", "connectionId", "createdAt", "id", "inboundFingerprint", "inboundToken", "inboundTokenSealed", "kind", "name", "nextPollAt", "pollState", "providerSecretSealed", "registration", "signingSecretSealed", "status", "typeId", "webhookUrl") SELECT "accountId", "appId", "config", "connectionId", "createdAt", "id", "inboundFingerprint", "inboundToken", "inboundTokenSealed", "kind", "name", "nextPollAt", "pollState", "providerSecretSealed", "registration", "signingSecretSealed", "status", "typeId", "webhookUrl" FROM "Trigger";
DROP TABLE "Trigger";
ALTER TABLE "new_Trigger" RENAME TO "Trigger";
CREATE UNIQUE INDEX "Trigger_inboundFingerprint_key" ON "Trigger"("inboundFingerprint");
CREATE UNIQUE INDEX "Trigger_inboundToken_key" ON "Trigger"("inboundToken");
CREATE INDEX "Trigger_accountId_idx" ON "Trigger"("accountId");
CREATE INDEX "Trigger_nextPollAt_idx" ON "Trigger"("nextPollAt");
CREATE TABLE "new_Event" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "triggerId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveryStatus" TEXT NOT NULL,
    "nextAttemptAt" DATETIME,
    "lockedUntil" DATETIME,
    "priorAttempts" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "Event_triggerId_fkey" FOREIGN KEY ("triggerId") REFERENCES "Trigger" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Event" ("deliveryStatus", "id", "lockedUntil", "nextAttemptAt", "payload", "receivedAt", "triggerId", "type") SELECT "deliveryStatus", "id", "lockedUntil", "nextAttemptAt", "payload", "receivedAt", "triggerId", "type" FROM "Event";
DROP TABLE "Event";
ALTER TABLE "new_Event" RENAME TO "Event";
CREATE INDEX "Event_triggerId_receivedAt_idx" ON "Event"("triggerId", "receivedAt");
CREATE INDEX "Event_deliveryStatus_nextAttemptAt_idx" ON "Event"("deliveryStatus", "nextAttemptAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
