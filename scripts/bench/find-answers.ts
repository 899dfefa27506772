/**
 * The find's answers to every task of the find fixtures, one line each (tools, scores, reasons, variants, notice),
 * to show a change to the ranker's speed left its answers as they were:
 *   npx tsx scripts/bench/find-answers.ts before.txt      (on the old code)
 *   npx tsx scripts/bench/find-answers.ts after.txt       (on the new)
 *   npx tsx scripts/bench/find-answers.ts --compare before.txt after.txt
 * Tasks: every `task` of test/catalog/fixtures/toolfind-*.json, each once, in file order; limit 10, no options.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { rootDir } from "../../src/db/paths.js";
import { defaultCatalogDir, ensureCatalog } from "../../src/catalog/index.js";

const argv = process.argv.slice(2);
if (argv[0] === "--compare") {
  const [a, b] = [argv[1], argv[2]].map((f) => {
    if (!f) throw new Error("--compare needs two files written by this script.");
    return readFileSync(f, "utf8").split("\n");
  });
  let differ = 0;
  for (let i = 0; i < Math.max(a!.length, b!.length); i++) {
    if (a![i] === b![i]) continue;
    if (differ++ < 5) console.log(`- ${a![i]?.slice(0, 300)}\n+ ${b![i]?.slice(0, 300)}`);
  }
  console.log(differ === 0 ? `same answers to all ${a!.length} tasks` : `${differ} of ${a!.length} answers differ`);
  process.exit(differ === 0 ? 0 : 1);
}

const out = argv.find((a) => !a.startsWith("--"));
if (!out) throw new Error("usage: npx tsx scripts/bench/find-answers.ts OUT.txt | --compare A.txt B.txt");
const fixtures = join(rootDir, "test/catalog/fixtures");
const tasks = new Set<string>();
for (const file of readdirSync(fixtures).filter((f) => /^toolfind-.*\.json$/.test(f)).sort()) {
  const data = JSON.parse(readFileSync(join(fixtures, file), "utf8")) as unknown;
  if (!Array.isArray(data)) continue; // (toolfind-floors.json: figures, not tasks)
  for (const t of data as { task?: unknown }[]) if (typeof t?.task === "string") tasks.add(t.task);
}
const catalog = await ensureCatalog(resolve(defaultCatalogDir()));
const lines: string[] = [];
const started = performance.now();
for (const task of tasks) {
  const a = catalog.findToolsWithNotice(task, { limit: 10 });
  lines.push(JSON.stringify([task, a.matches.map((m) => [m.tool.name, m.score, m.reasons, m.variants?.map((v) => v.name)]), a.notice]));
}
writeFileSync(out, lines.join("\n"));
console.log(`${tasks.size} tasks answered in ${((performance.now() - started) / 1000).toFixed(1)} s → ${out}`);
