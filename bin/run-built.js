// Runs a TypeScript entry point of the service (src/main.ts, src/cli/main.ts) as JavaScript built from the sources
// with esbuild, kept in node_modules/.cache/patchbay-built/ and built again when a source it holds has changed (a
// manifest of every input's size and modification time, checked at each start: a few milliseconds). Loading the
// built code takes about half the time of loading ~350 TypeScript modules through tsx's loader hooks, which is most
// of a start. Packages stay external (loaded from node_modules as usual); `import.meta.url` in each source is
// replaced by that source's own URL, so files found next to a source (assets, the weights of find, the Prisma
// client's files) are found as before. If esbuild fails, the sources are run through tsx, with a line saying why.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const rootDir = fileURLToPath(new URL("../", import.meta.url));
const outRoot = join(rootDir, "node_modules/.cache/patchbay-built");

/** Imports the built form of `entry` (a path from the repository root), building it first when needed. */
export async function runBuilt(entry) {
  let main;
  try {
    main = await builtEntry(entry);
  } catch (err) {
    process.stderr.write(`patchbay: running the TypeScript sources through tsx (building ${entry} failed: ${String(err?.message ?? err).split("\n")[0]})\n`);
    const { register } = await import("tsx/esm/api");
    register();
    return import(pathToFileURL(join(rootDir, entry)).href);
  }
  process.setSourceMapsEnabled(true); // stack traces name the TypeScript sources
  return import(pathToFileURL(main).href);
}

/**
 * The path of the built form of `entry` (a path from the repository root), built first when missing or when one of its
 * sources changed. `outDir`: where to keep it (by default under node_modules/.cache/patchbay-built/).
 */
export async function builtEntry(entry, outDir = join(outRoot, entry.replace(/\.ts$/, "").replace(/[^A-Za-z0-9]+/g, "-"))) {
  return upToDate(outDir) ?? (await build(entry, outDir));
}

/** The built entry file when every input is as it was at the last build, else null. */
function upToDate(outDir) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(outDir, "manifest.json"), "utf8"));
  } catch {
    return null;
  }
  for (const [file, [size, mtimeMs]] of Object.entries(manifest.inputs)) {
    try {
      const info = statSync(join(rootDir, file));
      if (info.size !== size || info.mtimeMs !== mtimeMs) return null;
    } catch {
      return null;
    }
  }
  return join(outDir, manifest.main);
}

async function build(entry, outDir) {
  const esbuild = await import("esbuild");
  const ownUrl = {
    name: "own-import-meta-url",
    setup(b) {
      b.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
        const source = readFileSync(args.path, "utf8");
        return { contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)), loader: "ts" };
      });
    },
  };
  // One file, written beside and renamed into place: a process starting at the same time reads the old file or the
  // new one, never half of one, and a process already running has all of its code loaded.
  mkdirSync(outDir, { recursive: true });
  const main = join(outDir, "main.mjs");
  const staging = `${main}.${process.pid}.tmp.mjs`;
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: rootDir,
      entryPoints: [entry],
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      packages: "external",
      outfile: staging,
      sourcemap: "linked",
      sourceRoot: rootDir,
      metafile: true,
      logLevel: "silent",
      plugins: [ownUrl],
    });
  } finally {
    await esbuild.stop(); // its service process would otherwise live as long as the server
  }
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) {
    const info = statSync(join(rootDir, file));
    inputs[file] = [info.size, info.mtimeMs];
  }
  // The map keeps the name the build gave it; the code's last line points at it under the final name.
  const code = readFileSync(staging, "utf8").replace(/\/\/# sourceMappingURL=.*\s*$/, "//# sourceMappingURL=main.mjs.map\n");
  writeFileSync(staging, code);
  renameSync(`${staging}.map`, `${main}.map`);
  renameSync(staging, main);
  const manifest = join(outDir, `manifest.${process.pid}.json`);
  writeFileSync(manifest, JSON.stringify({ main: "main.mjs", inputs }));
  renameSync(manifest, join(outDir, "manifest.json"));
  return main;
}
