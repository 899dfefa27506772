/**
 * Starts the real service on an ephemeral port for a test file: SQLite in a fresh temp dir by default, or, when
 * TEST_DATABASE_URL is a PostgreSQL URL, a fresh schema of that database (dropped on stop). REDIS_URL, when set
 * for the run, selects Redis for the rate limits. The catalog is the one built once for the run (global setup).
 */
import type { ExtraApp } from "../../src/catalog/extra-apps.js";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { Redis } from "ioredis";
import { loadConfig } from "../../src/config.js";
import { startService, type RunningService } from "../../src/server.js";
import { createAccount } from "../../src/domain/accounts.js";
import { createKey, type KeyPermission } from "../../src/domain/keys.js";
import { client } from "./http.js";
import { testCatalogDir } from "./catalog-dir.js";

export interface TestServer {
  service: RunningService;
  url: string;
  dataDir: string;
  databaseUrl: string;
  call: ReturnType<typeof client>;
  /** A new account with a key (all permissions unless given). */
  newAccount(opts?: { permissions?: KeyPermission[]; email?: string }): Promise<{ accountId: string; email: string; key: string; keyId: string }>;
  stop(): Promise<void>;
}

/** Removes a test server's keys (rate-limit counters, job queues) from the shared Redis. */
async function dropRedisKeys(url: string, prefix: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

export const usingPostgres = () => /^postgres/.test(process.env.TEST_DATABASE_URL ?? "");

/** A database URL for a new, empty database: a temp SQLite file, or a new PostgreSQL schema. */
export async function freshDatabase(dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!usingPostgres()) return { url: `file:${join(dataDir, "patchbay.db")}`, drop: async () => {} };
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const base = process.env.TEST_DATABASE_URL!;
  const url = `${base}${base.includes("?") ? "&" : "?"}schema=${schema}`;
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => c.end());
    },
  };
}

export async function startTestServer(
  env: Record<string, string> = {},
  shared?: { dataDir: string; databaseUrl: string },
  opts: { logStream?: NodeJS.WritableStream; extraApps?: ExtraApp[] } = {},
): Promise<TestServer> {
  const dataDir = shared?.dataDir ?? (await mkdtemp(join(tmpdir(), "patchbay-test-")));
  const database = shared ? { url: shared.databaseUrl, drop: async () => {} } : await freshDatabase(dataDir);
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    PATCHBAY_DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    PATCHBAY_CATALOG_DIR: testCatalogDir,
    REDIS_URL: process.env.REDIS_URL ?? "",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    PATCHBAY_REDIS_PREFIX: `test-${randomBytes(4).toString("hex")}`,
    // The agent endpoints allow 1 request per second per client; tests that are not about that limit call faster.
    PATCHBAY_AGENT_RATE_LIMIT_PER_SECOND: "1000",
    // Each server's find thread would open a second copy of the catalog; the thread has tests of its own
    // (test/catalog/find-thread.test.ts), and servers started by `npm start` run with it.
    PATCHBAY_FIND_THREAD: "false",
    ...env,
  });
  const service = await startService(config, { logStream: opts.logStream, extraApps: opts.extraApps }).catch(async (err) => {
    // A server that refused to start (a test of bad configuration) leaves nothing behind either.
    await database.drop();
    if (!shared) await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  let counter = 0;
  return {
    service,
    url: service.url,
    dataDir,
    databaseUrl: database.url,
    call: client(service.url),
    async newAccount(opts = {}) {
      const email = opts.email ?? `user${++counter}-${randomBytes(4).toString("hex")}@example.com`;
      const account = await createAccount(service.services.db, email);
      const { key, record } = await createKey(service.services.db, service.services.secrets, account.id, "tests", opts.permissions);
      return { accountId: account.id, email, key, keyId: record.id };
    },
    async stop() {
      await service.stop();
      await database.drop();
      if (!shared) await rm(dataDir, { recursive: true, force: true });
      if (config.redisUrl && !shared) await dropRedisKeys(config.redisUrl, config.redisPrefix);
    },
  };
}
