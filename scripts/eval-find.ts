/**
 * Runs the tools.find dev tasks and prints top-1 / top-5 hit rates and the misses.
 *   tsx scripts/eval-find.ts --direct [--catalog DIR] [--tasks FILE]   opens the catalog in-process
 *   tsx scripts/eval-find.ts [--tasks FILE]                             asks a running service:
 *     POST ${PATCHBAY_BASE_URL:-http://127.0.0.1:3000}/api/v1/tools/find  {task, limit: 5}, Bearer ${PATCHBAY_API_KEY}
 * A hit at rank k: one of the first k tools belongs to an app whose id contains `app` and runs one of `accept`.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { rootDir } from "../src/db/paths.js";
import { defaultCatalogDir, ensureCatalog } from "../src/catalog/index.js";

interface EvalTask {
  task: string;
  app: string;
  accept: { method: string; path: string }[];
}
interface Found {
  name: string;
  app: string;
  http: { method: string; path: string };
  score?: number;
  reasons?: string[];
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const direct = args.includes("--direct");
const verbose = args.includes("--verbose");
const tasksFile = resolve(flag("--tasks") ?? join(rootDir, "test/catalog/fixtures/toolfind-dev.json"));
const tasks = JSON.parse(readFileSync(tasksFile, "utf8")) as EvalTask[];

let find: (task: string, limit?: number) => Promise<Found[]>;
if (direct) {
  const catalog = await ensureCatalog(resolve(flag("--catalog") ?? defaultCatalogDir()));
  find = async (task, limit = 5) => catalog.findTools(task, { limit }).map((m) => ({ ...m.tool, score: m.score, reasons: m.reasons }));
} else {
  const base = process.env.PATCHBAY_BASE_URL ?? "http://127.0.0.1:3000";
  const key = process.env.PATCHBAY_API_KEY;
  if (!key) {
    process.stderr.write("PATCHBAY_API_KEY is not set (or use --direct)\n");
    process.exit(2);
  }
  find = async (task) => {
    const res = await fetch(`${base}/api/v1/tools/find`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify({ task, limit: 5 }),
    });
    if (!res.ok) throw new Error(`tools/find answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return ((await res.json()) as { tools: Found[] }).tools;
  };
}

const isHit = (t: EvalTask, f: Found) =>
  f.app.includes(t.app) && t.accept.some((a) => a.method.toUpperCase() === f.http.method.toUpperCase() && a.path === f.http.path);

let top1 = 0;
let top5 = 0;
const misses: string[] = [];
for (const t of tasks) {
  const found = await find(t.task);
  const rank = found.slice(0, 5).findIndex((f) => isHit(t, f));
  if (rank === 0) top1++;
  if (rank >= 0) top5++;
  if (rank !== 0 || verbose) {
    const want = t.accept.map((a) => `${a.method} ${a.path}`).filter((v, i, l) => l.indexOf(v) === i).join(" | ");
    const got = found
      .slice(0, 5)
      .map((f, i) => `      ${i + 1}. ${isHit(t, f) ? "✓" : " "} ${f.name}  ${f.http.method} ${f.http.path}  ${f.score ?? ""}  ${(f.reasons ?? []).join("; ")}`)
      .join("\n");
    let where = "";
    if (rank < 0 && direct) {
      const deep = await find(t.task, 50);
      const at = deep.findIndex((f) => isHit(t, f));
      where = at < 0 ? "      (not in the first 50)" : `      (right tool at ${at + 1}: ${deep[at]!.name} ${deep[at]!.score} ${(deep[at]!.reasons ?? []).join("; ")})`;
    }
    misses.push(`  ${rank < 0 ? "MISS" : `rank ${rank + 1}`}: ${t.task}\n    want [${t.app}] ${want}\n${got}${where ? `\n${where}` : ""}`);
  }
}
const pct = (x: number) => `${((100 * x) / tasks.length).toFixed(1)} %`;
process.stdout.write(`${misses.length ? `Not first:\n${misses.join("\n")}\n\n` : ""}tasks: ${tasks.length}  top-1: ${top1} (${pct(top1)})  top-5: ${top5} (${pct(top5)})\n`);
