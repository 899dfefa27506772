/**
 * The catalog: apps and tools compiled from published API descriptions. `ensureCatalog(dir)` builds the catalog when
 * it is missing or stale (with a progress bar) and opens it; `openCatalog(dir)` only opens (it rejects when the
 * directory holds no usable catalog).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, openSync, closeSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildCatalog } from "./build/build-catalog.js";
import { catalogProblem, DiskCatalog } from "./open-catalog.js";
import type { Catalog } from "./types.js";

export type { Catalog, CatalogApp, CatalogTool, AuthMethod, ToolHttp, ToolParam, ToolMatch, FindOptions, Page } from "./types.js";
export { CatalogUnavailableError, catalogProblem, DiskCatalog } from "./open-catalog.js";
export { defaultCatalogDir } from "./paths.js";
export { buildCatalog } from "./build/build-catalog.js";

export interface OpenOptions {
  /** ensureCatalog: show the build's progress bar on stderr (default true). */
  progress?: boolean;
  /** ensureCatalog: called with one line when a build starts, e.g. to log it. */
  onBuild?: (reason: string) => void;
  /**
   * ensureCatalog: build in this process instead of a child process. The child (default) keeps the caller's memory
   * small: a build peaks near 0.9 GB while parsing the largest descriptions, the opened catalog takes ~70 MB.
   */
  inProcess?: boolean;
}

/** Runs build-main.ts in a child Node process with tsx, showing its progress bar on this process's stderr. */
function buildInChild(dir: string, progress: boolean): Promise<void> {
  const entry = fileURLToPath(new URL("./build/build-main.ts", import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", tsx, entry, "--out", dir, ...(progress ? [] : ["--quiet"])], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("error", fail);
    child.on("exit", (code, signal) => (code === 0 ? done() : fail(new Error(`catalog build failed (${signal ?? `exit code ${code}`})`))));
  });
}

export async function openCatalog(dir: string, _opts: OpenOptions = {}): Promise<DiskCatalog> {
  return new DiskCatalog(dir);
}

const LOCK_STALE_MS = 15 * 60 * 1000;

/** Builds the catalog into `dir` when it is missing or stale, then opens it. Concurrent callers build it once. */
export async function ensureCatalog(dir: string, opts: OpenOptions = {}): Promise<DiskCatalog> {
  let problem = catalogProblem(dir);
  if (!problem) return openCatalog(dir, opts);
  const lock = `${dir}.lock`;
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch {
      // Someone else is building: wait for them, unless their lock is old (a crashed build).
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { force: true });
      await new Promise((r) => setTimeout(r, 500));
      if (!catalogProblem(dir)) return openCatalog(dir, opts);
    }
  }
  try {
    problem = catalogProblem(dir);
    if (problem) {
      opts.onBuild?.(`building the catalog in ${dir} (${problem.why}: ${problem.detail})`);
      if (opts.inProcess) await buildCatalog({ out: dir, progress: opts.progress !== false });
      else await buildInChild(dir, opts.progress !== false);
    }
  } finally {
    rmSync(lock, { force: true });
  }
  return openCatalog(dir, opts);
}
