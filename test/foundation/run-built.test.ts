/**
 * bin/run-built.js: the service starts from JavaScript built from the sources. Built again when a source changes,
 * each source's import.meta.url kept, packages loaded from node_modules, stack traces naming the TypeScript source.
 */
import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { randomBytes } from "node:crypto";
import { rootDir } from "../../src/db/paths.js";
// @ts-expect-error plain JavaScript without types (it runs before anything can be compiled)
import { builtEntry } from "../../bin/run-built.js";

const work = join(rootDir, "test-output", `run-built-${randomBytes(4).toString("hex")}`);
const outDir = join(work, "out");
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (file: string) => spawnSync(process.execPath, ["--enable-source-maps", file], { encoding: "utf8" });

describe("the built start (bin/run-built.js)", () => {
  it("builds an entry with its imports, keeps each source's import.meta.url, rebuilds after a change and names the TypeScript source in stack traces", async () => {
    mkdirSync(join(work, "lib"), { recursive: true });
    const entry = join(work, "entry.ts");
    const lib = join(work, "lib", "where.ts");
    writeFileSync(lib, 'import { z } from "./value.ts";\nexport const where: string = import.meta.url;\nexport const value = z;\n');
    writeFileSync(join(work, "lib", "value.ts"), "export const z: number = 1;\n");
    writeFileSync(entry, 'import { where, value } from "./lib/where.ts";\nimport pino from "pino";\nconsole.log(JSON.stringify({ where, value, pino: typeof pino }));\nif (process.argv.includes("--throw")) throw new Error("from the source");\n');
    const rel = relative(rootDir, entry);

    const main = (await builtEntry(rel, outDir)) as string;
    const first = JSON.parse(run(main).stdout);
    expect(first).toEqual({ where: pathToFileURL(lib).href, value: 1, pino: "function" });
    // Unchanged sources: the same build, not rebuilt.
    expect(await builtEntry(rel, outDir)).toBe(main);

    // A source two imports deep changes: built again.
    writeFileSync(join(work, "lib", "value.ts"), "export const z: number = 22;\n");
    utimesSync(join(work, "lib", "value.ts"), new Date(), new Date(Date.now() + 5000));
    expect(JSON.parse(run((await builtEntry(rel, outDir)) as string).stdout).value).toBe(22);

    const failed = spawnSync(process.execPath, ["--enable-source-maps", main, "--throw"], { encoding: "utf8" });
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toContain("entry.ts:4");
  });

  it("refuses a source that does not compile, saying where (the start then runs the sources through tsx)", async () => {
    const broken = join(work, "broken.ts");
    mkdirSync(work, { recursive: true });
    writeFileSync(broken, "export const x = ;\n");
    await expect(builtEntry(relative(rootDir, broken), join(work, "broken-out"))).rejects.toThrow(/broken\.ts/);
  });
});
