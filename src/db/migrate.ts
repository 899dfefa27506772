/**
 * Applies the checked-in migrations (prisma/migrations/<provider>/, Prisma's folder format) to the database on
 * start. Applied migrations are recorded in Prisma's own `_prisma_migrations` table, so `prisma migrate deploy`
 * on a machine with the native engine sees the same history.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { DatabaseTarget } from "./target.js";
import { openSchemaEngine } from "./schema-engine.js";
import { migrationsDir, schemaPath } from "./paths.js";

const filters = { externalTables: [], externalEnums: [] };

export async function migrationDirectories(target: DatabaseTarget) {
  const baseDir = migrationsDir(target.provider);
  const names = (await readdir(baseDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok" as const, value: await readFile(join(baseDir, name, "migration.sql"), "utf8") },
      },
    })),
  );
  const lockPath = join(baseDir, "migration_lock.toml");
  const lockfile = { path: "migration_lock.toml", content: await readFile(lockPath, "utf8").catch(() => null) };
  return { baseDir, lockfile, shadowDbInitScript: "", migrationDirectories };
}

/** Applies pending migrations; returns the names of those applied. */
export async function migrate(target: DatabaseTarget): Promise<string[]> {
  if (target.provider === "postgresql" && target.schema) await ensurePgSchema(target);
  const { engine, close } = await openSchemaEngine(target, await readFile(schemaPath(target.provider), "utf8"));
  try {
    const out = await engine.applyMigrations({ migrationsList: await migrationDirectories(target), filters });
    return out.appliedMigrationNames;
  } finally {
    await close();
  }
}

/** The schema as it was when the last migration was written (kept beside the migrations), or "" before the first. */
export const snapshotPath = (provider: DatabaseTarget["provider"]) => join(migrationsDir(provider), "schema-at-last-migration.prisma");

/**
 * The SQL that takes a database from the schema of the last migration to the current schema ("" when none is
 * needed). A datamodel-to-datamodel diff: the wasm engine cannot replay migration history through a driver adapter.
 */
export async function pendingSchemaSql(target: DatabaseTarget): Promise<string> {
  const schemaText = await readFile(schemaPath(target.provider), "utf8");
  const before = await readFile(snapshotPath(target.provider), "utf8").catch(() => "");
  const { engine, close } = await openSchemaEngine(target, schemaText);
  try {
    const out = await engine.diff({
      from: before ? { tag: "schemaDatamodel", files: [{ path: "before.prisma", content: before }] } : { tag: "empty" },
      to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: schemaText }] },
      script: true,
      exitCode: null,
      filters,
    } as never);
    const sql = out.stdout ?? "";
    return sql.includes("empty migration") ? "" : sql;
  } finally {
    await close();
  }
}

async function ensurePgSchema(target: DatabaseTarget): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${target.schema!.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
