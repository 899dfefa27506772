/**
 * Measures events from inbound to delivered on loopback: a real service, one generic webhook trigger, a receiver
 * that answers 200 at once. Prints events/s (first inbound POST to last delivery) and p50 / p99 of each event's
 * latency (its inbound POST to its delivery), for the embedded setup and, when Redis answers, with BullMQ.
 *   tsx scripts/bench-events.ts [--events 2000] [--concurrency 32] [--redis redis://127.0.0.1:6379]
 *   BENCH_DATABASE_URL=postgresql://... uses that database (a fresh schema) instead of a temporary SQLite file.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { loadConfig } from "../src/config.js";
import { startService } from "../src/server.js";
import { createAccount } from "../src/domain/accounts.js";
import { createKey } from "../src/domain/keys.js";
import { rootDir } from "../src/db/paths.js";

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const EVENTS = Number(flag("--events", "2000"));
const CONCURRENCY = Number(flag("--concurrency", "32"));
const REDIS = flag("--redis", process.env.REDIS_URL || "redis://127.0.0.1:6379");

/** A receiver that notes when each event (by its payload's `seq`) arrives. */
async function receiver(arrived: Map<number, number>) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const seq = JSON.parse(Buffer.concat(chunks).toString("utf8")).payload.seq as number;
      if (!arrived.has(seq)) arrived.set(seq, performance.now());
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, stop: () => new Promise<void>((r) => (server.close(() => r()), server.closeAllConnections())) };
}

async function run(label: string, redisUrl: string | null) {
  const dataDir = mkdtempSync(join(tmpdir(), "patchbay-bench-events-"));
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const pg = process.env.BENCH_DATABASE_URL;
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    PATCHBAY_DATA_DIR: dataDir,
    DATABASE_URL: pg ? `${pg}${pg.includes("?") ? "&" : "?"}schema=${schema}` : `file:${join(dataDir, "patchbay.db")}`,
    PATCHBAY_CATALOG_DIR: process.env.PATCHBAY_CATALOG_DIR || join(rootDir, "node_modules/.cache/patchbay-catalog"),
    REDIS_URL: redisUrl ?? "",
    PATCHBAY_REDIS_PREFIX: `bench-${randomBytes(4).toString("hex")}`,
    PATCHBAY_ALLOW_PRIVATE_NETWORK: "true",
    LOG_LEVEL: "silent",
  });
  const service = await startService(config);
  if (process.env.BENCH_WAL) { await service.services.db.$queryRawUnsafe("PRAGMA journal_mode=WAL"); await service.services.db.$queryRawUnsafe("PRAGMA synchronous=NORMAL"); }
  const arrived = new Map<number, number>();
  const to = await receiver(arrived);
  try {
    const account = await createAccount(service.services.db, `bench-${randomBytes(4).toString("hex")}@example.com`);
    const { key } = await createKey(service.services.db, service.services.secrets, account.id, "bench");
    const created = await fetch(`${service.url}/api/v1/triggers`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ source: "webhook", name: "bench", webhookUrl: to.url }),
    }).then((r) => r.json());
    const inbound = new URL(created.trigger.inboundUrl).pathname;
    const sentAt = new Array<number>(EVENTS);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < EVENTS) {
          const seq = next++;
          sentAt[seq] = performance.now();
          const res = await fetch(`${service.url}${inbound}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seq, order: { id: seq, total: "9.90" } }) });
          if (res.status !== 202) throw new Error(`inbound answered ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        }
      }),
    );
    const deadline = Date.now() + 120_000;
    while (arrived.size < EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const last = Math.max(...arrived.values());
    const latencies = [...arrived.entries()].map(([seq, at]) => at - sentAt[seq]!).sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
    const seconds = (last - started) / 1000;
    console.log(
      `${label.padEnd(28)} ${String(arrived.size).padStart(5)}/${EVENTS} delivered  ${(arrived.size / seconds).toFixed(0).padStart(5)} events/s  ` +
        `latency p50 ${pct(50).toFixed(1)} ms  p99 ${pct(99).toFixed(1)} ms`,
    );
  } finally {
    await service.stop();
    await to.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (pg) {
      const { default: pgClient } = await import("pg");
      const c = new pgClient.Client({ connectionString: pg });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => c.end());
    }
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "SQLite";
console.log(`${EVENTS} events, ${CONCURRENCY} concurrent senders, receiver on loopback answering 200, ${database}`);
await run(`embedded (${database})`, null);
if (await redisAnswers(REDIS)) await run(`BullMQ on Redis (${database})`, REDIS);
else console.log(`BullMQ on Redis: skipped, no Redis answers at ${REDIS}`);
process.exit(0);
