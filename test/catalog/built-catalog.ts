/**
 * The real catalog for the catalog tests, built once and cached: PATCHBAY_CATALOG_DIR when it holds a current
 * catalog, else node_modules/.cache/patchbay/catalog, (re)built there when missing or stale. The cache outlives
 * the run, so the second pass of CI (PostgreSQL after SQLite) and local reruns do not build again; concurrent
 * test files wait for one build (ensureCatalog takes a lock).
 */
import { join, resolve } from "node:path";
import { catalogProblem, ensureCatalog, type DiskCatalog } from "../../src/catalog/index.js";

export const BUILD_TIMEOUT_MS = 300_000;

export function testCatalogDir(): string {
  const fromEnv = process.env.PATCHBAY_CATALOG_DIR;
  if (fromEnv && !catalogProblem(resolve(fromEnv))) return resolve(fromEnv);
  return resolve(join("node_modules", ".cache", "patchbay", "catalog"));
}

let opened: Promise<DiskCatalog> | undefined;

export function builtCatalog(): Promise<DiskCatalog> {
  opened ??= ensureCatalog(testCatalogDir(), { progress: false }) as Promise<DiskCatalog>;
  return opened;
}
