/**
 * Measures the catalog: build time (into a temporary directory), open time (the server's start cost for the
 * catalog), resident memory after open, tools.find latency p50 / p99 over the dev tasks, and the real server's start
 * time and resident memory with the built catalog.
 *   tsx scripts/bench-find.ts [--catalog DIR]   reuse a built catalog instead of building one
 *   Run with `node --expose-gc --import tsx scripts/bench-find.ts` for a memory figure after garbage collection.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { rootDir } from "../src/db/paths.js";
import { buildCatalog, openCatalog } from "../src/catalog/index.js";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const tasksFile = resolve(flag("--tasks") ?? join(rootDir, "test/catalog/fixtures/toolfind-dev.json"));
const tasks = (JSON.parse(readFileSync(tasksFile, "utf8")) as { task: string }[]).map((t) => t.task);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const out: string[] = [];

let dir = flag("--catalog");
let temp: string | undefined;
if (!dir) {
  temp = mkdtempSync(join(tmpdir(), "patchbay-catalog-bench-"));
  dir = join(temp, "catalog");
  const { manifest, seconds } = await buildCatalog({ out: dir, progress: false });
  out.push(`build:  ${seconds.toFixed(1)} s (${manifest.apps} apps, ${manifest.tools} tools)`);
  out.push(`        peak RSS during build ${mb(process.resourceUsage().maxRSS * 1024)}`);
  // Measure opening and finding in a fresh process, as the server would.
  const { spawnSync } = await import("node:child_process");
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, "--catalog", dir, "--tasks", tasksFile], { encoding: "utf8" });
  process.stdout.write(`${out.join("\n")}\n${child.stdout}${child.stderr}`);
  rmSync(temp, { recursive: true, force: true });
  process.exit(child.status ?? 1);
}

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const rssBefore = process.memoryUsage().rss;
const t0 = performance.now();
const catalog = await openCatalog(resolve(dir));
const openMs = performance.now() - t0;
gc?.();
const rssAfter = process.memoryUsage().rss;
out.push(`open:   ${openMs.toFixed(0)} ms`);
out.push(`memory: RSS ${mb(rssAfter)} after open (+${mb(rssAfter - rssBefore)} for the catalog), heap ${mb(process.memoryUsage().heapUsed)}${gc ? "" : " (run with --expose-gc for settled figures)"}`);

// Warm up once, then time every task several times.
for (const t of tasks) catalog.findTools(t, { limit: 5 });
/** Runs every query `rounds` times; the duration of each call, in ms. */
const timed = (queries: string[], rounds: number) => {
  const out: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const q of queries) {
      const s = performance.now();
      catalog.findTools(q, { limit: 5 });
      out.push(performance.now() - s);
    }
  }
  return out;
};
const times = timed(tasks, 20);
// Tasks naming no app search the whole catalog: the slow path.
const open = tasks.map((t) => t.replace(/\b(in|on|with|using|from|to) (Google \w+|[A-Z][A-Za-z]+)\b/g, "").replace(/\b(Gmail|GitHub|Slack|Stripe|Zoom|Spotify|Twilio|SendGrid|HubSpot|Notion|Trello|Asana|Box|Mailchimp)\b/g, ""));
const openTimes = timed(open, 5);
const pct = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))]!;
out.push(`find:   p50 ${pct(times, 0.5).toFixed(2)} ms, p99 ${pct(times, 0.99).toFixed(2)} ms over ${times.length} queries (${tasks.length} dev tasks)`);
out.push(`        without an app named: p50 ${pct(openTimes, 0.5).toFixed(2)} ms, p99 ${pct(openTimes, 0.99).toFixed(2)} ms`);
catalog.close();
out.push(await serverStart(resolve(dir)));
process.stdout.write(`${out.join("\n")}\n`);

/** Starts the real service (bin/server.js, SQLite in a temp dir) on the built catalog: time to /healthz 200, and its RSS. */
async function serverStart(catalogDir: string): Promise<string> {
  const { spawn } = await import("node:child_process");
  const { readFileSync: read } = await import("node:fs");
  const data = mkdtempSync(join(tmpdir(), "patchbay-start-bench-"));
  const started = performance.now();
  const child = spawn(process.execPath, [join(rootDir, "bin/server.js")], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", PATCHBAY_DATA_DIR: data, PATCHBAY_CATALOG_DIR: catalogDir, DATABASE_URL: "", REDIS_URL: "", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const url = await new Promise<string>((ok, fail) => {
      let text = "";
      child.stdout!.on("data", (d) => {
        text += d;
        const m = /"url":"(http:[^"]+)"/.exec(text);
        if (m) ok(m[1]!);
      });
      child.on("exit", () => fail(new Error(`the server exited: ${text}`)));
    });
    while ((await fetch(`${url}/healthz`).catch(() => null))?.status !== 200) await new Promise((r) => setTimeout(r, 20));
    const ms = performance.now() - started;
    const rss = Number(/VmRSS:\s+(\d+)/.exec(read(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    return `server: ${(ms / 1000).toFixed(2)} s from launch to /healthz 200 (first start on a fresh SQLite file, built catalog), RSS ${mb(rss)}`;
  } finally {
    child.kill("SIGTERM");
    rmSync(data, { recursive: true, force: true });
  }
}
