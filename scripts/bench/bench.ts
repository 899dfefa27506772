/**
 * `npm run bench`: Patchbay's hot paths side by side with references measured in the same run, over interleaved
 * rounds (Patchbay, reference, Patchbay, reference ... with the order flipped every round), on SQLite and
 * PostgreSQL, with webhook delivery embedded and with Redis, and two instances behind nginx once.
 * Prints a table, writes <out>/latest.json and a chart (<out>/latest.png). `--soak N`: mixed load instead.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, totalmem, tmpdir, release } from "node:os";
import { join, resolve, relative } from "node:path";
import { execFileSync } from "node:child_process";
import { Redis } from "ioredis";
import pg from "pg";
import { rootDir } from "../../src/db/paths.js";
import { ensureCatalog } from "../../src/catalog/index.js";
import { testCatalogDir } from "../../test/helpers/catalog-dir.js";
import { parseOptions, type Options } from "./options.js";
import { startReferences, type References } from "./references.js";
import { startPatchbay, POSTGRES_URL, REDIS_URL, type Patchbay, type Setup } from "./patchbay.js";
import { patchbayTargets, referenceTargets, type BenchTarget } from "./targets.js";
import { measure } from "./load.js";
import { startReceiver, createWebhookTrigger, measureWebhooks, type Receiver, type WebhookMeasure } from "./webhooks.js";
import { summarize, median, type Row, type Sample, type WebhookRow } from "./summarize.js";
import { printRows, printWebhooks } from "./print-table.js";
import { chartSvg, writeChart } from "./chart.js";
import { multiInstance, SCALING_NOTE, type MultiInstanceResult } from "./multi-instance.js";
import { soak } from "./soak.js";

interface SetupPlan extends Setup {
  paths: boolean;
  webhooks: boolean;
  instances: number;
  label: string;
}

const PLANS: SetupPlan[] = [
  { name: "sqlite", database: "sqlite", redis: false, paths: true, webhooks: true, instances: 1, label: "SQLite, embedded" },
  { name: "sqlite-redis", database: "sqlite", redis: true, paths: false, webhooks: true, instances: 1, label: "SQLite + Redis (BullMQ)" },
  { name: "postgres", database: "postgres", redis: false, paths: true, webhooks: true, instances: 1, label: "PostgreSQL, embedded queue" },
  { name: "postgres-redis", database: "postgres", redis: true, paths: false, webhooks: true, instances: 2, label: "PostgreSQL + Redis (BullMQ)" },
];

/** Targets measured next to each other in a round; the first is Patchbay's, the rest its references. */
/** Targets also measured one request at a time (one connection), for the latency a single call adds. */
const ONE_AT_A_TIME = new Set(["proxy", "run", "direct", "find-no-app"]);
const GROUPS = [["proxy", "direct", "nginx", "node-proxy"], ["run"], ["me", "openapi-backend", "koa"], ["find-app"], ["find-no-app", "mcp-find"]];

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function redisAnswers(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on("error", () => {});
  try {
    await r.connect();
    return (await r.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

async function postgresAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

function commit(): { hash: string; dirty: boolean } {
  try {
    const hash = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: rootDir, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no", "--", "src"], { cwd: rootDir, encoding: "utf8" }).trim() !== "";
    return { hash, dirty };
  } catch {
    return { hash: "unknown", dirty: false };
  }
}

function machine() {
  return { cores: cpus().length, cpu: cpus()[0]?.model ?? "unknown", memoryGB: Math.round(totalmem() / 1024 **3), node: process.version, kernel: release() };
}

/** One line of progress on stderr, rewritten in place on a terminal. */
function progressLine(total: number) {
  let done = 0;
  return (what: string, step = true) => {
    if (step) done++;
    const line = `[${String(done).padStart(String(total).length)}/${total}] ${what}`;
    if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${line}`);
    else process.stderr.write(`${line}\n`);
  };
}

async function runBench(opts: Options, refs: References, receiver: Receiver, logDir: string, skipped: string[]) {
  const plans = PLANS.filter((p) => opts.setups.includes(p.name));
  const refTargets = referenceTargets(refs);
  const load = { connections: opts.connections, seconds: opts.seconds };
  // Each path (Patchbay's and the references alike) is warmed until its throughput settles before its first round:
  // loaded in 3 s windows until two in a row are within 5 % of each other (at least 6 s, at most 30 s). V8's optimizing
  // compiler works on helper threads that share the two cores with the server and the load: after 5 s of finds the
  // find thread's ranking was still being compiled (3 s windows from a fresh start gave 360, 537, 768, 919, 963, 1,052
  // ... 1,150-1,290 finds/s after ~35 s; the server's CPU per find fell from 4.3 to 1.2-1.3 ms), while the references
  // and the other paths settle in two windows. A server that has run for a while runs compiled code; a round then
  // measures that, not the compiler. The warm-up each path took is printed and kept in the results.
  const warm = { connections: opts.connections, window: opts.quick ? 0.5 : 3, least: opts.quick ? 1 : 2, most: opts.quick ? 1 : 10, settled: 0.05 };
  const single = { connections: 1, seconds: opts.quick ? 1 : Math.max(2, opts.seconds / 2) };
  const targetsPerRound = GROUPS.flat().filter((id) => id !== "nginx" || refs.nginx).length;
  const total = plans.reduce((n, p) => n + (p.paths ? opts.rounds * targetsPerRound : 0) + (p.webhooks ? opts.rounds : 0) + (p.instances > 1 ? 1 : 0), 0);
  const progress = progressLine(total);

  const samples: Sample[] = [];
  const failures: Record<string, string> = {};
  /** Per setup/target: the warm-up windows' requests/s, and whether they settled before the most windows. */
  const warmUps: Record<string, WarmUp> = {};
  const webhookRows: WebhookRow[] = [];
  const webhookSamples: { setup: string; round: number; measure: WebhookMeasure }[] = [];
  const rss: Record<string, { beforeMB: number; afterMB: number }> = {};
  let multi: MultiInstanceResult | null = null;

  for (const plan of plans) {
    let instances: Patchbay[];
    try {
      instances = await startPatchbay(plan, refs.upstream, logDir, plan.instances);
    } catch (err) {
      skipped.push(`${plan.label}: Patchbay did not start: ${(err as Error).message.split("\n")[0]}`);
      if (plan.paths) for (const g of GROUPS) failures[`${plan.name}/${g[0]}`] = "Patchbay did not start";
      if (plan.webhooks) webhookRows.push({ setup: plan.name, label: plan.label, stats: { eventsPerSecond: NaN, p50: NaN, p99: NaN, errors: 0, sent: 0, delivered: 0 }, error: "Patchbay did not start" });
      continue;
    }
    const pb = instances[0]!;
    try {
      const before = pb.rss();
      if (plan.paths) {
        const ready: BenchTarget[] = [];
        for (const t of [...patchbayTargets(pb), ...refTargets]) {
          try {
            await t.check();
            ready.push(t);
          } catch (err) {
            failures[`${plan.name}/${t.id}`] = (err as Error).message;
            process.stderr.write(`\n${plan.name}: ${t.label} is not measured: ${(err as Error).message}\n`);
          }
        }
        for (const t of ready) {
          progress(`${plan.name}: warming ${t.label}`, false);
          warmUps[`${plan.name}/${t.id}`] = await warmUp(t.target, warm);
        }
        for (let round = 1; round <= opts.rounds; round++) {
          for (const group of GROUPS) {
            const order = round % 2 ? group : [...group].reverse();
            for (const id of order) {
              const t = ready.find((x) => x.id === id);
              if (!t) continue;
              progress(`${plan.name}, round ${round}/${opts.rounds}: ${t.label}`);
              samples.push({ setup: plan.name, round, target: id, measure: await measure(t.target, load) });
              if (ONE_AT_A_TIME.has(id)) samples.push({ setup: plan.name, round, target: `${id}@1`, measure: await measure(t.target, single) });
            }
          }
        }
      }
      if (plan.webhooks) {
        try {
          const inbound = await createWebhookTrigger(pb.url, pb.key, receiver.url);
          const mine: WebhookMeasure[] = [];
          for (let round = 1; round <= opts.rounds; round++) {
            progress(`${plan.name}, round ${round}/${opts.rounds}: webhook delivery`);
            const m = await measureWebhooks(inbound, receiver, { concurrency: opts.connections, seconds: opts.seconds, latencyEvents: opts.quick ? 25 : 100, rate: 50 });
            mine.push(m);
            webhookSamples.push({ setup: plan.name, round, measure: m });
          }
          webhookRows.push({
            setup: plan.name,
            label: plan.label,
            stats: {
              eventsPerSecond: median(mine.map((m) => m.eventsPerSecond)),
              p50: median(mine.map((m) => m.p50)),
              p99: median(mine.map((m) => m.p99)),
              errors: mine.reduce((a, m) => a + m.errors, 0),
              sent: mine.reduce((a, m) => a + m.sent, 0),
              delivered: mine.reduce((a, m) => a + m.delivered, 0),
            },
          });
        } catch (err) {
          webhookRows.push({ setup: plan.name, label: plan.label, stats: { eventsPerSecond: NaN, p50: NaN, p99: NaN, errors: 0, sent: 0, delivered: 0 }, error: (err as Error).message });
        }
      }
      rss[plan.name] = { beforeMB: mb(before), afterMB: mb(pb.rss()) };
      if (plan.instances > 1) {
        progress(`${plan.name}: ${plan.instances} instances behind nginx`);
        try {
          multi = await multiInstance(instances, logDir, load);
          if (!multi) skipped.push("multi-instance: skipped, nginx is not installed");
        } catch (err) {
          skipped.push(`multi-instance: failed: ${(err as Error).message}`);
        }
      }
    } finally {
      await pb.stop();
    }
  }
  if (process.stderr.isTTY) process.stderr.write("\n");
  const rows = plans.filter((p) => p.paths).flatMap((p) => summarize(samples, p.name, failures));
  return { rows, webhookRows, samples, webhookSamples, rss, multi, failures, warmUps };
}

interface WarmUp {
  /** Requests/s of each warm-up window, in order. */
  windows: number[];
  settled: boolean;
}

/** Loads the target in windows until two in a row are within `settled` of each other (at least `least` windows, at most `most`). */
async function warmUp(target: BenchTarget["target"], w: { connections: number; window: number; least: number; most: number; settled: number }): Promise<WarmUp> {
  const windows: number[] = [];
  for (let i = 0; i < w.most; i++) {
    windows.push((await measure(target, { connections: w.connections, seconds: w.window })).rps);
    const [a, b] = windows.slice(-2);
    if (windows.length >= w.least && a !== undefined && b !== undefined && Math.abs(b - a) <= w.settled * Math.max(a, b)) return { windows, settled: true };
  }
  return { windows, settled: w.most <= 1 };
}

async function main() {
  const opts = parseOptions(process.argv.slice(2));
  const outDir = resolve(rootDir, opts.out);
  const logDir = mkdtempSync(join(tmpdir(), "patchbay-bench-logs-"));
  const skipped: string[] = [];
  let keepLogs = true;
  const stops: (() => Promise<void>)[] = [];
  let stopping = false;
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    for (const s of stops.reverse()) await s().catch(() => {});
  };
  process.once("SIGINT", () => void stopAll().finally(() => process.exit(130)));
  try {
    process.stderr.write(`Opening the test catalog (${testCatalogDir}; built on first use, about 30 s)\n`);
    (await ensureCatalog(testCatalogDir)).close();
    if (opts.setups.some((s) => s.startsWith("postgres")) && !(await postgresAnswers())) {
      skipped.push(`PostgreSQL: skipped, nothing answers at ${POSTGRES_URL}`);
      opts.setups = opts.setups.filter((s) => !s.startsWith("postgres"));
    }
    if (opts.setups.some((s) => s.endsWith("-redis")) && !(await redisAnswers())) {
      skipped.push(`Redis: skipped, nothing answers at ${REDIS_URL}`);
      opts.setups = opts.setups.filter((s) => !s.endsWith("-redis"));
    }
    const refs = await startReferences(logDir);
    stops.push(refs.stop);
    skipped.push(...refs.skipped);
    const receiver = await startReceiver();
    stops.push(receiver.stop);
    for (const s of skipped) console.log(s);

    if (opts.soak) {
      await soak(opts, refs, receiver, logDir, outDir);
      keepLogs = false;
      return;
    }
    const started = new Date();
    const result = await runBench(opts, refs, receiver, logDir, skipped);
    const { hash, dirty } = commit();
    const host = machine();
    console.log(`\nPatchbay ${hash}${dirty ? " (+ uncommitted changes in src/)" : ""}, ${started.toISOString()}; ${host.cores} cores (${host.cpu}), Node ${host.node}`);
    console.log(`autocannon, ${opts.connections} connections, ${opts.seconds} s per path, ${opts.rounds} interleaved round(s); medians over the rounds; latencies in ms\n`);
    for (const setup of [...new Set(result.rows.map((r) => r.setup))]) {
      console.log(`\n${PLANS.find((p) => p.name === setup)!.label}`);
      printRows(result.rows.filter((r) => r.setup === setup));
    }
    console.log("");
    printWebhooks(result.webhookRows);
    console.log("\nWarm-up before the first round, requests/s of each 3 s window (until two in a row are within 5 %):");
    for (const [id, w] of Object.entries(result.warmUps)) console.log(`  ${id.padEnd(28)} ${w.windows.map((r) => r.toFixed(0)).join(" → ")}${w.settled ? "" : " (not settled: measured anyway)"}`);
    console.log("\nPatchbay RSS (MB) before the first round / after the last:");
    for (const [setup, r] of Object.entries(result.rss)) console.log(`  ${setup.padEnd(16)} ${r.beforeMB} → ${r.afterMB}`);
    if (result.multi) {
      console.log(`\nTwo instances on PostgreSQL + Redis behind nginx (${opts.seconds} s each):`);
      for (const [id, m] of Object.entries(result.multi.paths)) console.log(`  ${id.padEnd(6)} ${m.rps.toFixed(0)} rps, p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms, ${m.errors} errors`);
      console.log(`  answered: ${Object.entries(result.multi.perInstance).map(([k, v]) => `${k}: ${v}`).join(", ")}`);
      console.log(`  ${SCALING_NOTE}`);
    }

    mkdirSync(outDir, { recursive: true });
    const date = started.toISOString().slice(0, 10);
    const subtitle = `${date} · commit ${hash}${dirty ? "+" : ""} · ${host.cores} cores, ${host.cpu} · Node ${host.node} · autocannon ${opts.connections} conn × ${opts.seconds} s × ${opts.rounds} rounds`;
    const chart = await writeChart(chartSvg(result.rows, "Patchbay vs references, requests/s (same run, loopback)", subtitle), join(outDir, "latest"));
    const json = {
      date: started.toISOString(),
      commit: hash,
      uncommittedChangesInSrc: dirty,
      machine: host,
      options: { rounds: opts.rounds, seconds: opts.seconds, connections: opts.connections, quick: opts.quick, setups: opts.setups },
      command: `npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
      rows: result.rows,
      webhooks: result.webhookRows,
      rss: result.rss,
      multiInstance: result.multi,
      skipped,
      failures: result.failures,
      warmUps: result.warmUps,
      chart: relative(outDir, chart.file),
      samples: result.samples,
      webhookSamples: result.webhookSamples,
    };
    writeFileSync(join(outDir, "latest.json"), `${JSON.stringify(json, null, 2)}\n`);
    console.log(`\nWrote ${relative(process.cwd(), join(outDir, "latest.json"))} and ${relative(process.cwd(), chart.file)}${chart.rendered ? "" : " (SVG: /usr/bin/chromium is not installed, so no PNG was rendered)"}`);
    keepLogs = Object.keys(result.failures).length > 0 || result.webhookRows.some((w) => w.error);
  } finally {
    await stopAll();
    if (keepLogs) console.log(`Server logs kept in ${logDir}`);
    else rmSync(logDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
