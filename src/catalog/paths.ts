/** Where the built catalog lives: `--out`, else PATCHBAY_CATALOG_DIR, else `${PATCHBAY_DATA_DIR:-./data}/catalog`. */
import { resolve, join } from "node:path";

export function defaultCatalogDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PATCHBAY_CATALOG_DIR) return resolve(env.PATCHBAY_CATALOG_DIR);
  return resolve(join(env.PATCHBAY_DATA_DIR || "./data", "catalog"));
}
