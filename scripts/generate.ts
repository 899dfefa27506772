/**
 * Rebuilds everything derived from the contract and the data model:
 *   spec/*.tsp            → generated/openapi.json            (TypeSpec)
 *   generated/openapi.json → generated/client/                 (@hey-api/openapi-ts, fetch client)
 *   generated/openapi.json → generated/operations.gen.ts       (operation table: permission, MCP tool, types)
 *   prisma/schema.prisma  → prisma/postgresql/schema.prisma   (provider changed)
 *   both schemas          → generated/prisma/{sqlite,postgresql}/ (Prisma clients)
 *   generated/openapi.json → sdk/python/patchbay/types.py, the README's operation table
 * `--check` builds the same into a scratch directory and fails when the committed files differ.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { rootDir } from "../src/db/paths.js";
import { renderOperationTable, renderReadmeTable, replaceBetweenMarkers } from "./generate-operations.js";
import { pythonTypesFile, renderPythonTypes } from "./sdk-python-types.js";

const check = process.argv.includes("--check");
const out = await mkdtemp(join(tmpdir(), "patchbay-generate-"));
const bin = (name: string) => join(rootDir, "node_modules/.bin", name);
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  execFileSync(cmd, args, { cwd: rootDir, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });

/** The files that the steps write, relative to the repository root. */
const outputs = ["generated", "prisma/postgresql"];

try {
  // 1. The OpenAPI document.
  run(bin("tsp"), ["compile", "spec/main.tsp", "--option", `@typespec/openapi3.emitter-output-dir=${join(out, "generated")}`]);
  const docPath = join(out, "generated/openapi.json");

  // 2. The fetch client. Relative input path: the CLI reads a bare name as a registry shorthand.
  run(bin("openapi-ts"), ["-i", relative(rootDir, docPath).startsWith("..") ? docPath : `./${relative(rootDir, docPath)}`, "-o", join(out, "generated/client"), "-c", "@hey-api/client-fetch", "--no-log-file", "-s"]);

  // 3. The operation table.
  const doc = JSON.parse(await readFile(docPath, "utf8"));
  await writeFile(join(out, "generated/operations.gen.ts"), renderOperationTable(doc));

  // 4. The PostgreSQL schema and both Prisma clients.
  const sqliteSchema = await readFile(join(rootDir, "prisma/schema.prisma"), "utf8");
  const pgSchema = sqliteSchema
    .replace(/^\/\/ The data model\..*$/m, "// GENERATED from prisma/schema.prisma by `npm run generate`: edit that file, not this one.")
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('output   = "../generated/prisma/sqlite"', 'output   = "../../generated/prisma/postgresql"');
  await mkdir(join(out, "prisma/postgresql"), { recursive: true });
  await writeFile(join(out, "prisma/postgresql/schema.prisma"), pgSchema);
  for (const [provider, text] of [["sqlite", sqliteSchema], ["postgresql", pgSchema]] as const) {
    // Prisma resolves `output` relative to the schema file: write each schema where its output lands in `out`.
    const dir = provider === "sqlite" ? join(out, "prisma") : join(out, "prisma/postgresql");
    await mkdir(dir, { recursive: true });
    const schemaFile = join(dir, provider === "sqlite" ? "schema.prisma" : "schema.prisma");
    await writeFile(schemaFile, text);
    // generate needs no schema engine, but the CLI looks for one first: any existing file satisfies it offline.
    run(bin("prisma"), ["generate", "--schema", schemaFile], { PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: "1" });
  }
  await rm(join(out, "prisma/schema.prisma"));

  // 5. The README's operation table. Availability comes from the handler map (placeholders answer 501).
  const { handlers } = await import("../src/handlers/index.js");
  const { isNotImplemented } = await import("../src/handlers/not-implemented.js");
  const readme = await readFile(join(rootDir, "README.md"), "utf8");
  const table = renderReadmeTable(doc, (id) => !isNotImplemented((handlers as Record<string, unknown>)[id]));
  const wantReadme = replaceBetweenMarkers(readme, table);

  // 6. The Python client's record types (sdk/python/patchbay/types.py).
  const wantPythonTypes = renderPythonTypes(doc);
  const havePythonTypes = await readFile(pythonTypesFile, "utf8").catch(() => "");

  if (check) {
    const stale: string[] = [];
    for (const dir of outputs) {
      const want = await listFiles(join(out, dir));
      const have = await listFiles(join(rootDir, dir));
      for (const f of new Set([...want.keys(), ...have.keys()])) {
        if (want.get(f) !== have.get(f)) stale.push(join(dir, f));
      }
    }
    if (wantReadme !== readme) stale.push("README.md (operations table)");
    if (wantPythonTypes !== havePythonTypes) stale.push(relative(rootDir, pythonTypesFile));
    if (stale.length) {
      console.error(`Generated files are stale (${stale.length}): ${stale.slice(0, 10).join(", ")}${stale.length > 10 ? ", ..." : ""}`);
      console.error("Run `npm run generate` and commit the result.");
      process.exitCode = 1;
    } else {
      console.log("generated/ and prisma/postgresql/ are up to date with spec/ and prisma/schema.prisma");
    }
  } else {
    await writeFile(join(rootDir, "README.md"), wantReadme);
    await writeFile(pythonTypesFile, wantPythonTypes);
    for (const dir of outputs) {
      await rm(join(rootDir, dir), { recursive: true, force: true });
      await cp(join(out, dir), join(rootDir, dir), { recursive: true });
    }
    console.log("generated: openapi.json, client/, operations.gen.ts, prisma/{sqlite,postgresql}; prisma/postgresql/schema.prisma");
  }
} finally {
  await rm(out, { recursive: true, force: true });
}

async function listFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    files.set(relative(dir, path), await readFile(path, "utf8"));
  }
  return files;
}
