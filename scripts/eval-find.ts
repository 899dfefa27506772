/**
 * Runs tools.find task sets and prints top-1 / top-5 hit rates (overall and per `style`) and the misses.
 *   tsx scripts/eval-find.ts --direct [--catalog DIR] [--tasks FILE]   opens the catalog in-process
 *   tsx scripts/eval-find.ts [--tasks FILE]                             asks a running service:
 *     POST ${PATCHBAY_BASE_URL:-http://127.0.0.1:3000}/api/v1/tools/find  {task, limit: 5}, Bearer ${PATCHBAY_API_KEY}
 *   --verbose prints every task; --quiet prints only the figures; --json prints the figures as JSON too;
 *   --ranks prints each task's rank (RANK<tab>rank or -<tab>task), to compare two versions.
 * A hit at rank k: one of the first k tools belongs to an app whose id contains `app` (a word, or a list of words: any
 * of them) and runs one of `accept`.
 * A task with `unknownApp` (an app that is not in the catalog) and no `accept` is a hit (at rank 1 and 5) when the
 * response carries a `notice` that names that app and at least one nearest app; with --direct, such a task is left out
 * once the catalog has an app of that name.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { rootDir } from "../src/db/paths.js";
import { defaultCatalogDir, ensureCatalog } from "../src/catalog/index.js";

interface EvalTask {
  task: string;
  /** A word the app id contains, or a list of them (any of): an operation several apps hold (Microsoft Graph's and Outlook's). */
  app?: string | string[];
  accept?: { method: string; path: string }[];
  style?: string;
  unknownApp?: string;
}
interface Found {
  name: string;
  app: string;
  http: { method: string; path: string };
  score?: number;
  reasons?: string[];
}
interface Answer {
  tools: Found[];
  notice?: unknown;
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const direct = args.includes("--direct");
const verbose = args.includes("--verbose");
const quiet = args.includes("--quiet");
const tasksFile = resolve(flag("--tasks") ?? join(rootDir, "test/catalog/fixtures/toolfind-dev.json"));
const tasks = JSON.parse(readFileSync(tasksFile, "utf8")) as EvalTask[];

let find: (task: string, limit?: number) => Promise<Answer>;
/** Whether the catalog now has an app of this name (direct mode only): an unknown-app task is then moot. */
let inCatalog: (name: string) => boolean = () => false;
if (direct) {
  const catalog = await ensureCatalog(resolve(flag("--catalog") ?? defaultCatalogDir()));
  // `findToolsWithNotice` answers with the notice too; a catalog from before it existed has only `findTools` (no notice).
  const withNotice = catalog as unknown as { findToolsWithNotice?: (task: string, o: { limit: number }) => { matches: ReturnType<typeof catalog.findTools>; notice: unknown } };
  inCatalog = (name) => {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "");
    return catalog.listApps({ search: name, limit: 20 }).items.some((a) => a.id.replace(/_/g, "") === slug || a.name.toLowerCase().replace(/[^a-z0-9]+/g, "") === slug);
  };
  find = async (task, limit = 5) => {
    const answer = withNotice.findToolsWithNotice ? withNotice.findToolsWithNotice(task, { limit }) : { matches: catalog.findTools(task, { limit }), notice: undefined };
    return { tools: answer.matches.map((m) => ({ ...m.tool, score: m.score, reasons: m.reasons })), notice: answer.notice ?? undefined };
  };
} else {
  const base = process.env.PATCHBAY_BASE_URL ?? "http://127.0.0.1:3000";
  const key = process.env.PATCHBAY_API_KEY;
  if (!key) {
    process.stderr.write("PATCHBAY_API_KEY is not set (or use --direct)\n");
    process.exit(2);
  }
  find = async (task, limit = 5) => {
    const res = await fetch(`${base}/api/v1/tools/find`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify({ task, limit }),
    });
    if (!res.ok) throw new Error(`tools/find answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as Answer;
  };
}

const appWords = (t: EvalTask) => (t.app === undefined ? [] : Array.isArray(t.app) ? t.app : [t.app]);
const isHit = (t: EvalTask, f: Found) =>
  appWords(t).some((w) => f.app.includes(w)) && (t.accept ?? []).some((a) => a.method.toUpperCase() === f.http.method.toUpperCase() && a.path === f.http.path);

/** The notice names the unknown app and at least one app of the catalog to use instead. */
function noticeHit(t: EvalTask, notice: unknown): boolean {
  if (!notice || typeof notice !== "object") return false;
  const text = JSON.stringify(notice).toLowerCase();
  const nearest = (notice as { nearestApps?: unknown[] }).nearestApps;
  return text.includes(t.unknownApp!.toLowerCase()) && Array.isArray(nearest) && nearest.length > 0;
}

const byStyle = new Map<string, { n: number; top1: number; top5: number }>();
let top1 = 0;
let top5 = 0;
const misses: string[] = [];
const line = (f: Found, i: number, t: EvalTask) =>
  `      ${i + 1}. ${isHit(t, f) ? "✓" : " "} ${f.name}  ${f.http.method} ${f.http.path}  ${f.score ?? ""}  ${(f.reasons ?? []).join("; ")}`;
const moot: string[] = [];
for (const t of tasks) {
  if (t.unknownApp !== undefined && !t.accept?.length && inCatalog(t.unknownApp)) {
    moot.push(t.unknownApp);
    continue;
  }
  const answer = await find(t.task);
  const found = answer.tools;
  const unknown = t.unknownApp !== undefined && !(t.accept?.length);
  const rank = unknown ? (noticeHit(t, answer.notice) ? 0 : -1) : found.slice(0, 5).findIndex((f) => isHit(t, f));
  const style = t.style ?? "(none)";
  const s = byStyle.get(style) ?? { n: 0, top1: 0, top5: 0 };
  s.n++;
  if (rank === 0) top1++, s.top1++;
  if (rank >= 0) top5++, s.top5++;
  byStyle.set(style, s);
  if (args.includes("--ranks")) process.stdout.write(`RANK\t${rank < 0 ? "-" : rank + 1}\t${t.task}\n`);
  if (rank !== 0 || verbose) {
    const got = found.slice(0, 5).map((f, i) => line(f, i, t)).join("\n");
    if (unknown) {
      misses.push(`  ${rank < 0 ? "MISS" : "ok"} [${style}]: ${t.task}\n    want a notice naming "${t.unknownApp}"; got ${JSON.stringify(answer.notice ?? null)}\n${got}`);
      continue;
    }
    const want = (t.accept ?? []).map((a) => `${a.method} ${a.path}`).filter((v, i, l) => l.indexOf(v) === i).join(" | ");
    let where = "";
    if (rank < 0 && direct) {
      const deep = (await find(t.task, 50)).tools;
      const at = deep.findIndex((f) => isHit(t, f));
      where = at < 0 ? "      (not in the first 50)" : `      (right tool at ${at + 1}: ${deep[at]!.name} ${deep[at]!.score} ${(deep[at]!.reasons ?? []).join("; ")})`;
    }
    const note = answer.notice ? `\n    notice: ${JSON.stringify(answer.notice)}` : "";
    misses.push(`  ${rank < 0 ? "MISS" : `rank ${rank + 1}`} [${style}]: ${t.task}\n    want [${appWords(t).join("|")}] ${want}${note}\n${got}${where ? `\n${where}` : ""}`);
  }
}
const counted = tasks.length - moot.length;
const pct = (x: number, n = counted) => `${((100 * x) / Math.max(1, n)).toFixed(1)} %`;
const styles = [...byStyle].sort((a, b) => (a[0] < b[0] ? -1 : 1));
const table = styles.map(([k, s]) => `  ${k.padEnd(10)} ${String(s.n).padStart(4)}  top-1 ${pct(s.top1, s.n).padStart(7)}  top-5 ${pct(s.top5, s.n).padStart(7)}`).join("\n");
const summary = `${moot.length ? `(${moot.length} unknown-app tasks left out: ${moot.join(", ")} joined the catalog)\n` : ""}tasks: ${counted}  top-1: ${top1} (${pct(top1)})  top-5: ${top5} (${pct(top5)})`;
const figures = styles.length > 1 || styles[0]?.[0] !== "(none)" ? `by style:\n${table}\n${summary}` : summary;
process.stdout.write(`${misses.length && !quiet ? `Not first:\n${misses.join("\n")}\n\n` : ""}${figures}\n`);
if (args.includes("--json")) {
  process.stdout.write(`${JSON.stringify({ tasks: counted, moot: moot.length, top1, top5, styles: Object.fromEntries(byStyle) })}\n`);
}
