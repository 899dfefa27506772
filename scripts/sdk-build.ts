/**
 * Builds the JavaScript client, `sdk/js`, from its source and the generated fetch client:
 *   sdk/js/dist/index.mjs, index.cjs  one self-contained file each (esbuild), no imports
 *   sdk/js/dist/index.d.ts            the types (tsc, declarations only, under dist/types/)
 * and prints the bundle sizes, raw and gzipped; and writes the Python client's types from the contract
 * (scripts/sdk-python-types.ts). `npm run sdk:build`.
 */
import { execFileSync } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { writePythonTypes } from "./sdk-python-types.js";

const root = join(import.meta.dirname, "..");
export const sdkDir = join(root, "sdk/js");
export const distDir = join(sdkDir, "dist");

export interface BundleSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export async function buildSdk(opts: { log?: (line: string) => void } = {}): Promise<BundleSize[]> {
  const log = opts.log ?? (() => {});
  const { version } = JSON.parse(await readFile(join(sdkDir, "package.json"), "utf8")) as { version: string };
  await rm(distDir, { recursive: true, force: true });

  for (const [format, file] of [["esm", "index.mjs"], ["cjs", "index.cjs"]] as const) {
    await build({
      entryPoints: [join(sdkDir, "src/index.ts")],
      outfile: join(distDir, file),
      bundle: true,
      format,
      platform: "neutral",
      target: "es2020",
      banner: { js: `// @patchbay/sdk ${version}: built from sdk/js/src and generated/client by scripts/sdk-build.ts` },
      logLevel: "error",
    });
  }

  const tsc = join(root, "node_modules/typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", join(sdkDir, "tsconfig.json")], { cwd: root, stdio: "inherit" });
  await writeFile(join(distDir, "index.d.ts"), 'export * from "./types/sdk/js/src/index.js";\n');

  const sizes: BundleSize[] = [];
  for (const file of ["index.mjs", "index.cjs"]) {
    const code = await readFile(join(distDir, file));
    assertSelfContained(file, code.toString("utf8"));
    sizes.push({ file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length });
  }
  for (const s of sizes) log(`sdk/js/dist/${s.file}: ${kB(s.bytes)} raw, ${kB(s.gzipBytes)} gzip`);
  return sizes;
}

/** The bundle may import nothing but `node:crypto` (Node 18's Web Crypto, loaded by name only when needed). */
function assertSelfContained(file: string, code: string) {
  const imports = [...code.matchAll(/^\s*import\s.*from\s+["']([^"']+)["']|require\(["']([^"']+)["']\)/gm)].map((m) => m[1] ?? m[2]);
  if (imports.length) throw new Error(`${file} imports ${imports.join(", ")}: the bundle must be self-contained.`);
}

const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildSdk({ log: console.log });
  await writePythonTypes();
  console.log("sdk/python/patchbay/types.py: written from generated/openapi.json");
}
