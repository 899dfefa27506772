-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CustomConnector" (
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
    "transport" TEXT,
    "skipped" TEXT NOT NULL DEFAULT '[]',
    "refreshedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CustomConnector_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_CustomConnector" ("accountId", "appId", "createdAt", "id", "keyIn", "keySealed", "kind", "name", "spec", "toolCount", "tools", "url") SELECT "accountId", "appId", "createdAt", "id", "keyIn", "keySealed", "kind", "name", "spec", "toolCount", "tools", "url" FROM "CustomConnector";
DROP TABLE "CustomConnector";
ALTER TABLE "new_CustomConnector" RENAME TO "CustomConnector";
CREATE INDEX "CustomConnector_accountId_createdAt_idx" ON "CustomConnector"("accountId", "createdAt");
CREATE UNIQUE INDEX "CustomConnector_accountId_appId_key" ON "CustomConnector"("accountId", "appId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
