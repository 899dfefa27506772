/**
 * The real catalog for the catalog tests: the directory the global setup builds once per run
 * (test/helpers/catalog-dir.ts: PATCHBAY_CATALOG_DIR, else node_modules/.cache/patchbay-catalog, kept between runs
 * and rebuilt only when missing or stale). Opening it here is cheap; ensureCatalog only builds if a file runs alone.
 */
import { ensureCatalog, type DiskCatalog } from "../../src/catalog/index.js";
import { testCatalogDir } from "../helpers/catalog-dir.js";

export const BUILD_TIMEOUT_MS = 300_000;

let opened: Promise<DiskCatalog> | undefined;

export function builtCatalog(): Promise<DiskCatalog> {
  opened ??= ensureCatalog(testCatalogDir, { progress: false });
  return opened;
}
