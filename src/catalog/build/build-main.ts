/**
 * Entry point of a catalog build in its own process (ensureCatalog runs it so that the server's memory stays small):
 * `node --import tsx src/catalog/build/build-main.ts --out DIR [--quiet]`. Exit code 0 when the catalog is written.
 */
import { resolve } from "node:path";
import { buildCatalog } from "./build-catalog.js";

const args = process.argv.slice(2);
const out = args[args.indexOf("--out") + 1];
if (!args.includes("--out") || !out) {
  process.stderr.write("usage: build-main.ts --out DIR [--quiet]\n");
  process.exit(2);
}
await buildCatalog({ out: resolve(out), progress: !args.includes("--quiet") });
