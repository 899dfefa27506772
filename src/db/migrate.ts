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

/**
 * Applies pending migrations; returns the names of those applied. The schema engine is started only when a
 * migration is pending or failed: on SQLite it sets `locking_mode=EXCLUSIVE`, which in WAL mode cannot be had while
 * any other connection has the file open, so a check from a second process (the CLI beside a running server)
 * would wait for the busy timeout and fail. Reading Prisma's migration table needs no lock.
 */
export async function migrate(target: DatabaseTarget): Promise<string[]> {
  if (target.provider === "postgresql" && target.schema) await ensurePgSchema(target);
  const migrationsList = await migrationDirectories(target);
  if (await allApplied(target, migrationsList.migrationDirectories.map((d) => d.path))) return [];
  const { engine, close } = await openSchemaEngine(target, await readFile(schemaPath(target.provider), "utf8"));
  try {
    const out = await engine.applyMigrations({ migrationsList, filters });
    return out.appliedMigrationNames;
  } catch (err) {
    if (/SocketTimeout|SQLITE_BUSY/.test(String((err as Error).message))) {
      throw new Error(`Migrations are pending and need the database ${target.url} alone, but another process (a running Patchbay server?) has it open: stop that process, then start again.`, { cause: err });
    }
    throw err;
  } finally {
    await close();
  }
}

/** True when every migration directory is recorded as finished (and none failed) in `_prisma_migrations`. */
async function allApplied(target: DatabaseTarget, names: string[]): Promise<boolean> {
  const rows = await appliedRows(target).catch(() => null); // no database or no table yet: let the engine decide
  if (!rows) return false;
  if (rows.some((r) => r.finished_at === null && r.rolled_back_at === null)) return false; // failed: the engine reports it
  const done = new Set(rows.filter((r) => r.finished_at !== null && r.rolled_back_at === null).map((r) => r.migration_name));
  return names.every((n) => done.has(n));
}

type MigrationRow = { migration_name: string; finished_at: unknown; rolled_back_at: unknown };
const APPLIED_SQL = "SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations";

async function appliedRows(target: DatabaseTarget): Promise<MigrationRow[]> {
  if (target.provider === "sqlite") {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(target.url.slice("file:".length), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(APPLIED_SQL).all() as MigrationRow[];
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return (await client.query<MigrationRow>(APPLIED_SQL)).rows;
  } finally {
    await client.end();
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
