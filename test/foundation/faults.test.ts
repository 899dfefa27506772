/**
 * Faults of the dependencies, through the real process (bin/server.js) and the real server: Redis killed or
 * silent, a DATABASE_URL that is not PostgreSQL, and stopping whatever state they are in. Redis here is always a
 * redis-server of the test's own on a spare port, never the shared one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServer as createHttpServer } from "node:http";
import { Writable } from "node:stream";
import { connect, createServer as createTcpServer, type Socket } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnServer, type SpawnedServer } from "../helpers/spawned-server.js";
import { silentPort, startOwnRedis, type OwnRedis } from "../helpers/own-redis.js";
import { freshDatabase, startTestServer, usingPostgres, type TestServer } from "../helpers/server.js";
import { client } from "../helpers/http.js";

/** The promise of README ("Faults"): stopping ends within 10 s; 1.5 s more for the process itself to end. */
const STOP_BOUND_MS = 11_500;

const spawned: SpawnedServer[] = [];
afterEach(async () => {
  for (const s of spawned.splice(0)) await s.cleanup();
});
const spawn = async (env: Record<string, string>) => {
  const s = await spawnServer(env);
  spawned.push(s);
  return s;
};

/** Sends SIGTERM and measures how long the process takes to end. */
async function terminate(server: SpawnedServer) {
  const started = Date.now();
  server.proc.kill("SIGTERM");
  const guard = new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), 30_000).unref());
  const outcome = await Promise.race([server.exited, guard]);
  return { outcome, ms: Date.now() - started };
}

describe("stopping (SIGTERM) when Redis is gone", () => {
  it("ends within 10 s after Redis was killed; a part it gave up is named and makes it exit 1", async () => {
    const redis = await startOwnRedis();
    try {
      const server = await spawn({ REDIS_URL: redis.url });
      await server.url();
      await redis.kill();
      await server.waitFor(/is not reachable/);
      const { outcome, ms } = await terminate(server);
      expect(ms).toBeLessThan(STOP_BOUND_MS);
      const lines = server.logLines();
      expect(lines.some((l) => l.msg === "stopping")).toBe(true);
      // The delivery worker's close waits on Redis unless its connection was already given up as gone (then it closes
      // at once): both happen, by when SIGTERM comes. Either way the stop is bounded and says what it did.
      const summary = lines.find((l) => /^stopped; gave up on/.test(l.msg));
      if (summary) {
        expect(outcome).toEqual({ code: 1, signal: null });
        expect(summary.abandoned).toContain("events worker");
      } else {
        expect(outcome).toEqual({ code: 0, signal: null });
        expect(lines.some((l) => l.msg === "stopped")).toBe(true);
      }
    } finally {
      await redis.kill();
    }
  });

  it("ends within 10 s when Redis accepts connections and never answers", async () => {
    const silent = await silentPort();
    try {
      const server = await spawn({ REDIS_URL: `redis://127.0.0.1:${silent.port}` });
      const url = await server.url();
      expect((await client(url)("GET", "/api/v1/catalog?limit=1", { key: null })).status).toBe(200);
      const { outcome, ms } = await terminate(server);
      expect(outcome).not.toBe("still running");
      expect((outcome as { code: number }).code).toBe(1);
      expect(ms).toBeLessThan(STOP_BOUND_MS);
    } finally {
      await silent.close();
    }
  });

  it("exits 0 with 'stopped' when every dependency answers", async () => {
    const redis = await startOwnRedis();
    try {
      const server = await spawn({ REDIS_URL: redis.url });
      await server.url();
      const { outcome, ms } = await terminate(server);
      expect(outcome).toEqual({ code: 0, signal: null });
      expect(ms).toBeLessThan(STOP_BOUND_MS);
      expect(server.logLines().some((l) => l.msg === "stopped")).toBe(true);
    } finally {
      await redis.kill();
    }
  });
});

describe("Redis killed under a running process", () => {
  let redis: OwnRedis;
  let server: SpawnedServer;
  let url: string;
  beforeAll(async () => {
    redis = await startOwnRedis();
    server = await spawnServer({ REDIS_URL: redis.url, PATCHBAY_REDIS_PREFIX: "faults" });
    url = await server.url();
    await redis.kill();
    await server.waitFor(/is not reachable/);
  });
  afterAll(async () => {
    await server?.cleanup();
    await redis?.kill();
  });

  it("keeps answering the public catalog and /healthz (degraded), not 503", async () => {
    const call = client(url);
    const catalog = await call("GET", "/api/v1/catalog?limit=1", { key: null });
    expect(catalog.status).toBe(200);
    expect(catalog.headers.get("ratelimit-limit")).toBe("120");
    const health = await call("GET", "/healthz", { key: null });
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: "degraded", redis: "unavailable" });
  });

  it("logs one warning naming REDIS_URL however many requests follow, and nothing outside the JSON log", async () => {
    const call = client(url);
    for (let i = 0; i < 20; i++) await call("GET", "/api/v1/catalog?limit=1", { key: null });
    await new Promise((r) => setTimeout(r, 3000)); // a few reconnect attempts of every Redis client
    const warnings = server.logLines().filter((l) => l.level === 40 && /REDIS_URL/.test(l.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/in-process counters/);
    expect(server.otherLines()).toEqual([expect.stringMatching(/^Patchbay is running at /)]);
  });
});

describe("rate limits and /healthz while Redis is down (in-process server)", () => {
  let redis: OwnRedis;
  let server: TestServer;
  const log: Record<string, any>[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) log.push(JSON.parse(line));
      done();
    },
  });
  beforeAll(async () => {
    redis = await startOwnRedis();
    server = await startTestServer({ REDIS_URL: redis.url, PATCHBAY_RATE_LIMIT_PER_MINUTE: "5", LOG_LEVEL: "info" }, undefined, { logStream });
  });
  afterAll(async () => {
    await server?.stop();
    await redis?.kill();
  });

  it("answers /healthz ok with redis ok while Redis answers", async () => {
    // The server's Redis clients connect once it listens (a busy machine took longer than the first request here:
    // 'degraded' until every client is ready); within a few seconds the answer must be ok and stay ok.
    const deadline = Date.now() + 5000;
    let res = await server.call("GET", "/healthz", { key: null });
    while (res.body?.redis !== "ok" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      res = await server.call("GET", "/healthz", { key: null });
    }
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", redis: "ok" });
    const again = await server.call("GET", "/healthz", { key: null });
    expect(again.body).toMatchObject({ status: "ok", redis: "ok" });
  });

  it("counts each key in process while Redis is down: the limit still holds, nothing answers 503", async () => {
    const { key } = await server.newAccount();
    await redis.kill();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await server.call("GET", "/api/v1/me", { key })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(log.filter((l) => /is not reachable/.test(l.msg))).toHaveLength(1);
  });

  it("shares the counters in Redis again once it is back, and says so once", async () => {
    await redis.restart();
    for (let i = 0; i < 100 && (await server.call("GET", "/healthz", { key: null })).body.status !== "ok"; i++) await new Promise((r) => setTimeout(r, 200));
    expect((await server.call("GET", "/healthz", { key: null })).body).toMatchObject({ status: "ok", redis: "ok" });
    expect(log.filter((l) => /reachable again/.test(l.msg))).toHaveLength(1);
    const { key } = await server.newAccount();
    for (let i = 0; i < 5; i++) expect((await server.call("GET", "/api/v1/me", { key })).status).toBe(200);
    expect((await server.call("GET", "/api/v1/me", { key })).status).toBe(429);
  });
});

describe("start-up with a DATABASE_URL that is not PostgreSQL", () => {
  const fakes = {
    "a port that accepts and never answers": async () => silentPort(),
    "an HTTP server": async () => {
      const http = createHttpServer((_req, res) => res.end("hello"));
      await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
      return { port: (http.address() as { port: number }).port, close: () => new Promise<void>((resolve) => { http.closeAllConnections(); http.close(() => resolve()); }) };
    },
  };
  const cases = (["postgresql", "postgres"] as const).flatMap((scheme) => Object.keys(fakes).map((fake) => [scheme, fake] as const));

  it.each(cases)("stops with exit 1 and a message naming DATABASE_URL (%s://, %s)", async (scheme, fake) => {
    const target = await fakes[fake as keyof typeof fakes]();
    try {
      const server = await spawn({ DATABASE_URL: `${scheme}://patchbay:hunter2@127.0.0.1:${target.port}/patchbay`, PATCHBAY_DATABASE_TIMEOUT_SECONDS: "2" });
      const guard = new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), 30_000).unref());
      const outcome = await Promise.race([server.exited, guard]);
      expect(outcome).toEqual({ code: 1, signal: null });
      const output = server.output();
      expect(output).toMatch(/Patchbay could not start: DATABASE_URL \(/);
      expect(output).toMatch(/PostgreSQL/);
      expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
      expect(output).not.toContain("hunter2");
    } finally {
      await target.close();
    }
  });

  it("refuses a PATCHBAY_DATABASE_TIMEOUT_SECONDS that is not a number of seconds, naming it", async () => {
    const server = await spawn({ PATCHBAY_DATABASE_TIMEOUT_SECONDS: "soon" });
    expect((await server.exited).code).toBe(78);
    expect(server.output()).toMatch(/PATCHBAY_DATABASE_TIMEOUT_SECONDS must be a number of seconds/);
  });
});

describe.skipIf(!usingPostgres())("/healthz while the database does not answer (PostgreSQL)", () => {
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let server: TestServer;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;
  beforeAll(async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await cuttableProxy(base.hostname, Number(base.port || 5432));
    dataDir = await mkdtemp(join(tmpdir(), "patchbay-dbdown-"));
    database = await freshDatabase(dataDir);
    const proxied = new URL(database.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    server = await startTestServer({ DATABASE_URL: proxied.toString(), PATCHBAY_DATABASE_TIMEOUT_SECONDS: "1" });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers 503 service_unavailable naming the database, and 200 again once it answers", async () => {
    expect((await server.call("GET", "/healthz", { key: null })).status).toBe(200);
    proxy.cut();
    const down = await server.call("GET", "/healthz", { key: null });
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe("service_unavailable");
    expect(down.body.error.message).toMatch(/database/);
    proxy.restore();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await server.call("GET", "/healthz", { key: null })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
  });
});

/** A TCP proxy to the database that can be cut (open connections dropped, new ones held silent) and restored. */
async function cuttableProxy(host: string, port: number) {
  const open = new Set<Socket>();
  let cut = false;
  const server = createTcpServer((inbound) => {
    open.add(inbound);
    inbound.on("error", () => {});
    inbound.on("close", () => open.delete(inbound));
    if (cut) return; // accepted, never answered
    const outbound = connect(port, host);
    open.add(outbound);
    outbound.on("error", () => inbound.destroy());
    outbound.on("close", () => open.delete(outbound));
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      cut = true;
      for (const s of open) s.destroy();
    },
    restore() {
      cut = false;
      for (const s of open) s.destroy();
    },
    async close() {
      for (const s of open) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
