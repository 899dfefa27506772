/**
 * `npx tsx scripts/bench/in-process.ts [path ...] [--rounds N] [--requests R] [--concurrency C]`: the cost of one
 * request on a path, measured in one process (Patchbay, the upstream and a keep-alive client together), as the
 * smallest of N rounds of the process's CPU time per request. A shared, noisy machine inflates single runs; the
 * smallest of several rounds is stable enough to compare two versions of the code. `node-proxy` measures a plain
 * Node proxy the same way (the floor). Run with `node --cpu-prof --import tsx` to profile.
 * Paths: proxy, run, me, find-app, find-no-app, mcp-find, node-proxy.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { loadConfig } from "../../src/config.js";
import { startService } from "../../src/server.js";
import { createAccount } from "../../src/domain/accounts.js";
import { createKey } from "../../src/domain/keys.js";
import { toolByHttp } from "../../test/helpers/tools.js";
import { testCatalogDir } from "../../test/helpers/catalog-dir.js";
import { APP } from "./patchbay.js";
import { patchbayTargets, BOOK_PATH } from "./targets.js";
import type { Request } from "./load.js";

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const paths = argv.filter((a, i) => !a.startsWith("--") && !(i > 0 && argv[i - 1]!.startsWith("--")));
const rounds = option("--rounds", 7);
const perRound = option("--requests", 400);
const concurrency = option("--concurrency", 4);

const listen = (server: http.Server) => new Promise<string>((r) => server.listen(0, "127.0.0.1", () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const book = JSON.stringify({ book: { isbn13: "9780134685991", title: "Effective Java", authors: ["Joshua Bloch"], pages: 412, publisher: "Addison-Wesley" } });
const upstream = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(book) }).end(book));
});
upstream.keepAliveTimeout = 60_000;
const upstreamUrl = await listen(upstream);

const proxyAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const upstreamTarget = new URL(upstreamUrl);
const nodeProxy = http.createServer((req, res) => {
  const out = http.request({ host: upstreamTarget.hostname, port: upstreamTarget.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstreamTarget.host }, agent: proxyAgent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  out.on("error", () => res.writeHead(502).end());
  req.pipe(out);
});
nodeProxy.keepAliveTimeout = 60_000;
const nodeProxyUrl = await listen(nodeProxy);

const dir = mkdtempSync(join(tmpdir(), "patchbay-in-process-"));
writeFileSync(join(dir, "apps.json"), JSON.stringify({ [APP]: { baseUrl: upstreamUrl } }));
const config = loadConfig({
  ...process.env,
  PORT: "0",
  HOST: "127.0.0.1",
  PATCHBAY_DATA_DIR: dir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `file:${join(dir, "patchbay.db")}`,
  PATCHBAY_CATALOG_DIR: testCatalogDir,
  PATCHBAY_APPS_CONFIG: join(dir, "apps.json"),
  PATCHBAY_ALLOW_PRIVATE_NETWORK: "true",
  PATCHBAY_RATE_LIMIT_PER_MINUTE: "1000000",
  PATCHBAY_SECRET: randomBytes(32).toString("base64"),
  REDIS_URL: "",
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "info",
});
const logFile = join(dir, "server.log");
const { createWriteStream } = await import("node:fs");
const service = await startService(config, { logStream: process.env.BENCH_LOG_STDOUT ? undefined : createWriteStream(logFile) });
const account = await createAccount(service.services.db, "bench@example.com");
const key = (await createKey(service.services.db, service.services.secrets, account.id, "bench")).key;
const tool = toolByHttp(service.services.catalog, APP, "GET", "/author/{name}").name;
const client = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function send(base: string, r: Request): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${r.path ?? ""}`, { method: r.method ?? "GET", headers: r.headers, agent: client }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end(r.body);
  });
}

// Connect the app with an API key through its credential form, as the bench does.
const link = await send(service.url, { method: "POST", path: `/api/v1/apps/${APP}/connect`, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: "{}" });
if (link.status !== 201) throw new Error(`connect link: ${link.status} ${link.body.slice(0, 300)}`);
const form = new URL((JSON.parse(link.body) as { url: string }).url);
const connected = await send(service.url, { method: "POST", path: `${form.pathname}${form.search}`, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "secret=bench-api-key" });
if (connected.status !== 200) throw new Error(`connect: ${connected.status} ${connected.body.slice(0, 300)}`);

async function run(base: string, requests: Request[], n: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const r = requests[next++ % requests.length]!;
      const res = await send(base, r);
      if (res.status < 200 || res.status >= 300) throw new Error(`${r.method} ${r.path}: ${res.status} ${res.body.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const targets = patchbayTargets({ url: service.url, key, tool });
try {
  for (const path of paths.length ? paths : ["proxy"]) {
    const base = path === "node-proxy" ? nodeProxyUrl : service.url;
    const requests = path === "node-proxy" ? [{ method: "GET", path: BOOK_PATH }] : targets.find((t) => t.id === path)?.target.requests;
    if (!requests) throw new Error(`unknown path '${path}'`);
    await run(base, requests, perRound); // warm-up
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await run(base, requests, perRound);
      wall.push(((performance.now() - t0) * 1000) / perRound);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / perRound);
    }
    cpu.sort((a, b) => a - b);
    wall.sort((a, b) => a - b);
    console.log(`${path.padEnd(12)} CPU µs/request: min ${cpu[0]!.toFixed(0)}, median ${cpu[Math.floor(cpu.length / 2)]!.toFixed(0)}; wall µs/request: min ${wall[0]!.toFixed(0)} (client, server and upstream in one process, ${concurrency} at a time)`);
  }
} finally {
  await service.stop();
  upstream.close();
  nodeProxy.close();
  upstream.closeAllConnections();
  nodeProxy.closeAllConnections();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
