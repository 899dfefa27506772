/**
 * Runs the bench's no-app finds (FIND_NO_APP) for N rounds in this process and exits: the program whose instructions
 * scripts/bench/find-instructions.ts counts. `tsx scripts/bench/find-rounds.ts N`.
 */
import { resolve } from "node:path";
import { defaultCatalogDir, ensureCatalog } from "../../src/catalog/index.js";
import { FIND_NO_APP } from "./targets.js";

const rounds = Number(process.argv[2] ?? 100);
const catalog = await ensureCatalog(resolve(defaultCatalogDir()));
for (let i = 0; i < rounds; i++) for (const task of FIND_NO_APP) catalog.findTools(task, { limit: 10 });
