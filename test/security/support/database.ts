/** Direct access to a test server's own database, for tests that break it on purpose or read what it stores. */
import { readFile } from "node:fs/promises";
import pg from "pg";
import type { TestServer } from "../../helpers/server.js";
import { usingPostgres } from "../../helpers/server.js";

const schemaOf = (server: TestServer) => new URL(server.databaseUrl).searchParams.get("schema")!;

/** Runs one SQL statement in the server's database (its own PostgreSQL schema, or its SQLite file). */
export async function execSql(server: TestServer, sql: string): Promise<void> {
  if (!usingPostgres()) {
    await server.service.services.db.$executeRawUnsafe(sql);
    return;
  }
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schemaOf(server)}"`);
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Everything the database holds, as text to search: for SQLite the database file and its write-ahead log, byte for
 * byte (so deleted-but-not-overwritten pages count too); for PostgreSQL every row of every table of the schema.
 */
export async function storedText(server: TestServer): Promise<string> {
  if (!usingPostgres()) {
    const file = server.databaseUrl.slice("file:".length);
    const parts = await Promise.all([file, `${file}-wal`, `${file}-journal`].map((p) => readFile(p).catch(() => Buffer.alloc(0))));
    return Buffer.concat(parts).toString("latin1");
  }
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const schema = schemaOf(server);
    const tables = await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = $1", [schema]);
    const dumps: string[] = [];
    for (const { table_name } of tables.rows) {
      const rows = await client.query(`SELECT * FROM "${schema}"."${table_name.replace(/"/g, '""')}"`);
      dumps.push(JSON.stringify(rows.rows));
    }
    return dumps.join("\n");
  } finally {
    await client.end();
  }
}

/** The forms a secret may take once written somewhere: as is, base64, base64url, hex, percent-encoded. */
export function encodings(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const percentAll = [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  return [...new Set([secret, bytes.toString("base64").replace(/=+$/, ""), bytes.toString("base64url"), bytes.toString("hex"), encodeURIComponent(secret), percentAll, percentAll.toLowerCase()])];
}

/** The forms of each secret that occur in the text (expected: none). */
export function occurrences(text: string, secrets: string[]): string[] {
  const lower = text.toLowerCase();
  return secrets.flatMap((s) => encodings(s).filter((form) => (/^[0-9a-f]+$/.test(form) ? lower.includes(form) : text.includes(form))).map((form) => `${s} as ${form}`));
}
