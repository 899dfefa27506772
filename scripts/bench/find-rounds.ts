/**
 * Runs the bench's no-app finds (FIND_NO_APP) for N rounds in this process and exits: the program whose instructions
 * scripts/bench/find-instructions.ts counts. `tsx scripts/bench/find-rounds.ts N`. Prints the time per find of the
 * rounds after the first fifth (warm-up), for A/B runs of two builds side by side.
 */
import { resolve } from "node:path";
import { defaultCatalogDir, ensureCatalog } from "../../src/catalog/index.js";
import { FIND_NO_APP } from "./targets.js";

const rounds = Number(process.argv[2] ?? 100);
const catalog = await ensureCatalog(resolve(defaultCatalogDir()));
const warm = Math.floor(rounds / 5);
let started = 0n;
for (let i = 0; i < rounds; i++) {
  if (i === warm) started = process.hrtime.bigint();
  for (const task of FIND_NO_APP) catalog.findTools(task, { limit: 10 });
}
const finds = (rounds - warm) * FIND_NO_APP.length;
if (finds > 0) console.log(`${(Number(process.hrtime.bigint() - started) / 1000 / finds).toFixed(1)} µs per find (${finds} finds after ${warm * FIND_NO_APP.length} to warm up)`);
