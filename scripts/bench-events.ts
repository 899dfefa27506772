/**
 * Measures events from inbound to delivered on loopback: the service as `npm start` runs it (a child process), one
 * generic webhook trigger, and a receiver here that answers 200 at once. Two figures per setup:
 *   - throughput: N events POSTed to the inbound URL by 32 concurrent senders; events/s from the first POST to the
 *     last delivery;
 *   - latency: events sent one by one at a steady rate well below that; p50 / p99 from each inbound POST to its
 *     delivery.
 * The embedded setup first, then BullMQ on Redis when Redis answers.
 *   tsx scripts/bench-events.ts [--events 2000] [--concurrency 32] [--rate 50] [--redis redis://127.0.0.1:6379]
 *   BENCH_DATABASE_URL=postgresql://... uses that database (a fresh schema) instead of a temporary SQLite file.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { rootDir } from "../src/db/paths.js";

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const EVENTS = Number(flag("--events", "2000"));
const CONCURRENCY = Number(flag("--concurrency", "32"));
const RATE = Number(flag("--rate", "50"));
const LATENCY_EVENTS = Math.min(EVENTS, RATE * 10);
const REDIS = flag("--redis", process.env.REDIS_URL || "redis://127.0.0.1:6379");

/** A receiver that notes when each event (by its payload's `seq`) first arrives. */
async function startReceiver(arrived: Map<number, number>) {
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

/** The service in a child process; resolves with its URL once it listens. */
function startServer(env: NodeJS.ProcessEnv): Promise<{ url: string; stop(): Promise<void> }> {
  const proc = spawn(process.execPath, [join(rootDir, "bin/server.js")], { env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info" } });
  let out = "";
  proc.stderr.on("data", (d) => (out += d));
  return new Promise((resolve, reject) => {
    proc.stdout.on("data", (d) => {
      out += d;
      const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (m) {
        proc.stdout.removeAllListeners("data");
        proc.stdout.resume(); // keep draining the request log lines
        resolve({ url: m[1]!, stop: () => new Promise<void>((r) => (proc.once("exit", () => r()), proc.kill("SIGTERM"))) });
      }
    });
    proc.once("exit", (code) => reject(new Error(`the service exited (${code}):\n${out}`)));
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const waitUntil = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
};

async function run(label: string, redisUrl: string | null) {
  const dataDir = mkdtempSync(join(tmpdir(), "patchbay-bench-events-"));
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const pg = process.env.BENCH_DATABASE_URL;
  const env = {
    PATCHBAY_DATA_DIR: dataDir,
    DATABASE_URL: pg ? `${pg}${pg.includes("?") ? "&" : "?"}schema=${schema}` : `file:${join(dataDir, "patchbay.db")}`,
    PATCHBAY_CATALOG_DIR: process.env.PATCHBAY_CATALOG_DIR || join(rootDir, "node_modules/.cache/patchbay-catalog"),
    REDIS_URL: redisUrl ?? "",
    PATCHBAY_REDIS_PREFIX: `bench-${randomBytes(4).toString("hex")}`,
    PATCHBAY_ALLOW_PRIVATE_NETWORK: "true",
    PATCHBAY_RATE_LIMIT_PER_MINUTE: "1000000",
  };
  const cli = (...a: string[]) => spawnSync(process.execPath, [join(rootDir, "bin/patchbay.js"), ...a], { env: { ...process.env, ...env }, encoding: "utf8" });
  const server = await startServer(env);
  const arrived = new Map<number, number>();
  const receiver = await startReceiver(arrived);
  try {
    cli("account", "create", "--email", "bench@example.com");
    const key = cli("key", "create", "--email", "bench@example.com", "--project", "bench").stdout.trim();
    const created = await fetch(`${server.url}/api/v1/triggers`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ source: "webhook", name: "bench", webhookUrl: receiver.url }),
    }).then((r) => r.json());
    const inbound = `${server.url}${new URL(created.trigger.inboundUrl).pathname}`;
    const sentAt: number[] = [];
    const send = async (seq: number) => {
      sentAt[seq] = performance.now();
      const res = await fetch(inbound, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seq, order: { id: seq, total: "9.90" } }) });
      if (res.status !== 202) throw new Error(`inbound answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };

    // Throughput: as fast as the senders can go.
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < EVENTS) await send(next++);
    }));
    await waitUntil(() => arrived.size >= EVENTS, 300_000);
    const perSecond = arrived.size / ((Math.max(...arrived.values()) - started) / 1000);

    // Latency: one event every 1/RATE s.
    const first = EVENTS;
    for (let i = 0; i < LATENCY_EVENTS; i++) {
      const due = performance.now() + 1000 / RATE;
      await send(first + i);
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    }
    await waitUntil(() => arrived.size >= EVENTS + LATENCY_EVENTS, 60_000);
    const latencies = Array.from({ length: LATENCY_EVENTS }, (_, i) => (arrived.get(first + i) ?? Infinity) - sentAt[first + i]!).sort((a, b) => a - b);
    console.log(
      `${label.padEnd(30)} throughput ${perSecond.toFixed(0).padStart(5)} events/s (${arrived.size - LATENCY_EVENTS}/${EVENTS} delivered)   ` +
        `latency at ${RATE}/s: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
    await receiver.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (redisUrl) await dropRedisKeys(redisUrl, `${env.PATCHBAY_REDIS_PREFIX}:*`);
    if (pg) {
      const { default: pgModule } = await import("pg");
      const c = new pgModule.Client({ connectionString: pg });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => c.end());
    }
  }
}

async function dropRedisKeys(url: string, pattern: string): Promise<void> {
  const client = new Redis(url);
  for await (const keys of client.scanStream({ match: pattern, count: 500 })) if ((keys as string[]).length) await client.del(...(keys as string[]));
  client.disconnect();
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => {});
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
console.log(`Patchbay events, inbound → delivered on loopback (${database}; ${EVENTS} events, ${CONCURRENCY} concurrent senders; then ${LATENCY_EVENTS} at ${RATE}/s)`);
await run(`embedded (${database})`, null);
if (await redisAnswers(REDIS)) await run(`BullMQ on Redis (${database})`, REDIS);
else console.log(`BullMQ on Redis: skipped, no Redis answers at ${REDIS}`);
