/**
 * `npm run bench:profile -- <path> [--seconds S] [--warm S] [--connections C] [--rate R] [--setup sqlite|postgres] [--cpu-prof DIR] [--node-flags "<flags>"] [--keep-logs] [--heap-sample FILE]`:
 * one Patchbay path under load, and what it costs the server: CPU time per request (user + system, read from
 * /proc before and after), requests/s and latencies. With --cpu-prof the server writes a V8 CPU profile into DIR
 * (open it in Chrome's DevTools) and the heaviest functions by self time are printed.
 * Paths: proxy, run, me, find-app, find-no-app, mcp-find (as in `npm run bench`), and node-proxy: the plain Node
 * proxy reference, for the floor of CPU a proxied request costs on this machine.
 * --rate R holds the load at R requests/s: the CPU a request costs depends on the load (at a low rate the processes
 * on the other end of each write sleep and must be woken, which costs this machine's kernel more per request), so
 * two servers' costs compare at the same rate.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, mkdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startChild, logPath } from "./child-process.js";
import { startPatchbay } from "./patchbay.js";
import { patchbayTargets, referenceTargets } from "./targets.js";
import { measure } from "./load.js";
import { summarizeProfile } from "./summarize-profile.js";

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
};
const path = argv[0] && !argv[0].startsWith("--") ? argv[0] : "proxy";
const seconds = Number(option("--seconds", "5"));
const connections = Number(option("--connections", "16"));
const rate = Number(option("--rate", "0")) || undefined;
const warmSeconds = Number(option("--warm", "5")); // as `npm run bench` warms each path (bench.ts says why)
const database = option("--setup", "sqlite") as "sqlite" | "postgres";
const profDir = argv.includes("--cpu-prof") ? resolve(option("--cpu-prof", "")) : null;

/** User + system CPU time of a process (or one of its threads: /proc/<pid>/task/<tid>) so far, in ms. */
function cpuMs(pid: number, at = `/proc/${pid}`): number {
  const { user, system } = cpuSplitMs(at);
  return user + system;
}

/** User and system (kernel: system calls, the loopback network stack) CPU time so far, in ms. */
function cpuSplitMs(at: string): { user: number; system: number } {
  const fields = readFileSync(`${at}/stat`, "utf8").split(") ")[1]!.split(" ");
  return { user: (Number(fields[11]) * 1000) / 100, system: (Number(fields[12]) * 1000) / 100 }; // utime, stime in clock ticks (USER_HZ = 100)
}

/** CPU time so far of each of the process's threads, in ms, by thread name and id (Node names its worker threads and V8's helpers alike). */
function threadsMs(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = tid === String(pid) ? "main" : `${readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim()}/${tid}`;
      out.set(name, (out.get(name) ?? 0) + cpuMs(pid, `/proc/${pid}/task/${tid}`));
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** CPU time of the process's main thread (JavaScript, the event loop) so far, in ms; the rest is V8's and libuv's helpers (garbage collection, compilation, the thread pool). */
const mainThreadMs = (pid: number) => cpuMs(pid, `/proc/${pid}/task/${pid}`);

let profiledPid = 0;
const logDir = mkdtempSync(join(tmpdir(), "patchbay-profile-"));
const upstream = await startChild<{ url: string }>("upstream-server.ts", { logFile: logPath(logDir, "upstream") });
if (profDir) {
  mkdirSync(profDir, { recursive: true });
  for (const f of readdirSync(profDir)) if (f.endsWith(".cpuprofile")) rmSync(join(profDir, f)); // this run's profiles only
}
// --heap-sample FILE: the server samples every allocation and writes them to FILE as it stops (patchbay-server.ts).
if (argv.includes("--heap-sample")) process.env.BENCH_HEAP_SAMPLE = resolve(option("--heap-sample", "patchbay.heapprofile"));
const nodeFlags = argv.includes("--node-flags") ? option("--node-flags", "").split(" ").filter(Boolean) : [];
const [pb] = await startPatchbay({ name: database, database, redis: false }, upstream.info.url, logDir, 1, [...nodeFlags, ...(profDir ? ["--cpu-prof", "--cpu-prof-dir", profDir] : [])]);
const reference = path === "node-proxy" ? await startChild<{ url: string }>("node-proxy-server.ts", { env: { BENCH_UPSTREAM: upstream.info.url }, execArgv: profDir ? ["--cpu-prof", "--cpu-prof-dir", profDir] : [], logFile: logPath(logDir, "node-proxy") }) : null;
try {
  const target = reference ? referenceTargets({ upstream: upstream.info.url, nginx: null, nodeProxy: reference.info.url, koa: "", openapiBackend: "" }).find((t) => t.id === path) : patchbayTargets(pb!).find((t) => t.id === path);
  if (!target) throw new Error(`unknown path '${path}'`);
  const server = reference ?? pb!;
  profiledPid = server.pid;
  await target.check();
  await measure(target.target, { connections, seconds: warmSeconds, rate });
  const before = cpuSplitMs(`/proc/${server.pid}`);
  const mainBefore = mainThreadMs(server.pid);
  const threadsBefore = threadsMs(server.pid);
  const m = await measure(target.target, { connections, seconds, rate });
  const after = cpuSplitMs(`/proc/${server.pid}`);
  const main = mainThreadMs(server.pid) - mainBefore;
  const threads = [...threadsMs(server.pid)].map(([name, ms]) => [name, ms - (threadsBefore.get(name) ?? 0)] as const).filter(([, ms]) => (ms * 1000) / m.requests >= 5).sort((a, b) => b[1] - a[1]);
  const user = after.user - before.user;
  const system = after.system - before.system;
  const used = user + system;
  const perRequest = (ms: number) => ((ms * 1000) / m.requests).toFixed(0);
  console.log(`${path} (${database}): ${m.rps.toFixed(0)} rps, p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms, ${m.errors} errors; server CPU ${perRequest(used)} µs per request (main thread ${perRequest(main)}, helper threads ${perRequest(used - main)}; user ${perRequest(user)}, system ${perRequest(system)})`);
  console.log(`  by thread (5 µs and more), µs per request: ${threads.map(([name, ms]) => `${name} ${perRequest(ms)}`).join(", ")}`);
} finally {
  await reference?.stop();
  await pb!.stop();
  await upstream.stop();
  if (argv.includes("--keep-logs")) console.log(`logs kept in ${logDir}`);
  else rmSync(logDir, { recursive: true, force: true });
}
if (profDir) {
  // The profiled server's main thread writes the largest of its files (tsx's loader thread writes one too); file names carry the pid.
  const newest = readdirSync(profDir).filter((f) => f.endsWith(".cpuprofile") && f.includes(`.${profiledPid}.`)).map((f) => ({ f, size: statSync(join(profDir, f)).size })).sort((a, b) => b.size - a.size)[0]?.f;
  if (newest) {
    console.log(`\n${join(profDir, newest)}; self time:`);
    for (const line of summarizeProfile(join(profDir, newest), seconds * 1000)) console.log(line);
  }
}
process.exit(0);
