/**
 * Starts Patchbay for one setup (SQLite or PostgreSQL, with or without Redis) in a child process and prepares what
 * the bench calls: the isbndb app pointed at the upstream (PATCHBAY_APPS_CONFIG, loopback allowed by
 * PATCHBAY_ALLOW_PRIVATE_NETWORK), connected through its credential form with an API key, like a user would.
 */
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { Redis } from "ioredis";
import { testCatalogDir } from "../../test/helpers/catalog-dir.js";
import { startChild, logPath, type Child } from "./child-process.js";

export const APP = "isbndb";
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

export interface Setup {
  name: string;
  database: "sqlite" | "postgres";
  redis: boolean;
}

export interface Patchbay {
  url: string;
  key: string;
  tool: string;
  pid: number;
  rss(): number;
  stop(): Promise<void>;
}

interface Ready {
  url: string;
  key: string | null;
  tool: string | null;
}

/** A fresh database for one setup: a SQLite file in the temp dir, or a new PostgreSQL schema dropped after. */
async function freshDatabase(setup: Setup, dir: string) {
  if (setup.database === "sqlite") return { url: `file:${join(dir, "patchbay.db")}`, drop: async () => {} };
  const schema = `bench_${randomBytes(6).toString("hex")}`;
  return {
    url: `${POSTGRES_URL}${POSTGRES_URL.includes("?") ? "&" : "?"}schema=${schema}`,
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => c.end());
    },
  };
}

async function dropRedisKeys(prefix: string) {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 })) if ((keys as string[]).length) await redis.del(...(keys as string[]));
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts `instances` Patchbay processes sharing one database, Redis prefix and server secret (the multi-instance
 * check uses two); the first one creates the account and key. `execArgv`: Node flags for the servers (`--cpu-prof`).
 */
export async function startPatchbay(setup: Setup, upstreamUrl: string, logDir: string, instances = 1, execArgv: string[] = []): Promise<Patchbay[]> {
  const dir = mkdtempSync(join(tmpdir(), `patchbay-bench-${setup.name}-`));
  const db = await freshDatabase(setup, dir);
  const appsConfig = join(dir, "apps.json");
  writeFileSync(appsConfig, JSON.stringify({ [APP]: { baseUrl: upstreamUrl } }));
  const prefix = `bench-${randomBytes(4).toString("hex")}`;
  const env = {
    PATCHBAY_DATA_DIR: dir,
    DATABASE_URL: db.url,
    PATCHBAY_CATALOG_DIR: testCatalogDir,
    PATCHBAY_APPS_CONFIG: appsConfig,
    PATCHBAY_ALLOW_PRIVATE_NETWORK: "true",
    PATCHBAY_RATE_LIMIT_PER_MINUTE: "1000000",
    PATCHBAY_SECRET: randomBytes(32).toString("base64"),
    REDIS_URL: setup.redis ? REDIS_URL : "",
    PATCHBAY_REDIS_PREFIX: prefix,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "info",
  };
  const children: Child<Ready>[] = [];
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const c of children) await c.stop();
    await db.drop();
    if (setup.redis) await dropRedisKeys(prefix);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < instances; i++) {
      children.push(await startChild<Ready>("patchbay-server.ts", { execArgv, env: { ...env, BENCH_SETUP: i === 0 ? "1" : "0" }, logFile: logPath(logDir, `patchbay-${setup.name}-${i}`) }));
    }
    const { key, tool } = children[0]!.info;
    await connectWithApiKey(children[0]!.info.url, key!);
    return children.map((c) => ({ url: c.info.url, key: key!, tool: tool!, pid: c.pid, rss: c.rss, stop: cleanup }));
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** Connects the app through its credential form: a sign-in link, then the form posted as a browser would. */
async function connectWithApiKey(url: string, key: string) {
  const link = await fetch(`${url}/api/v1/apps/${APP}/connect`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: "{}" });
  if (link.status !== 201) throw new Error(`POST /apps/${APP}/connect answered ${link.status}: ${await link.text()}`);
  const form = new URL((await link.json()).url as string);
  const res = await fetch(`${url}${form.pathname}${form.search}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ secret: "bench-api-key" }), redirect: "manual" });
  if (res.status !== 200) throw new Error(`the ${APP} credential form answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
}
