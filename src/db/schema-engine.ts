/**
 * Prisma's schema engine compiled to WebAssembly: migrations without the native engine binary, which cannot be
 * downloaded on machines that reach only the package registry. The package imports its .wasm as an ES module
 * (needs --experimental-wasm-modules on Node 20), so the module is instantiated here by hand instead.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as bindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { DatabaseTarget } from "./target.js";
import { adapterFactory } from "./adapter.js";

let loaded: Promise<typeof bindings> | undefined;

async function loadBindings(): Promise<typeof bindings> {
  const require = createRequire(import.meta.url);
  const wasmPath = join(dirname(require.resolve("@prisma/schema-engine-wasm")), "schema_engine_bg.wasm");
  const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
    "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
  });
  const exports = instance.exports as Record<string, unknown> & { __wbindgen_start: () => void };
  bindings.__wbg_set_wasm(exports);
  exports.__wbindgen_start();
  return bindings;
}

export interface OpenEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes the database connections it opened (an open SQLite handle would lock the file). */
  close(): Promise<void>;
}

/** Opens the schema engine on the target database with the given datamodel. */
export async function openSchemaEngine(target: DatabaseTarget, schemaText: string): Promise<OpenEngine> {
  loaded ??= loadBindings();
  const { SchemaEngine: Engine } = await loaded;
  const factory = await adapterFactory(target);
  const opened: { dispose(): Promise<void> }[] = [];
  const tracking = Object.assign(Object.create(Object.getPrototypeOf(factory)), factory, {
    connect: async () => {
      const adapter = await factory.connect();
      opened.push(adapter);
      return adapter;
    },
  });
  const engine = await Engine.new({ datamodels: [["schema.prisma", schemaText]] }, () => {}, bindMigrationAwareSqlAdapterFactory(tracking));
  return {
    engine,
    async close() {
      engine.free();
      await Promise.all(opened.map((a) => a.dispose().catch(() => {})));
    },
  };
}
