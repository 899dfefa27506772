/**
 * The database of DATABASE_URL, migrated and open. A PostgreSQL URL is first tried with a plain connection and a
 * time limit, so that a wrong port (nothing there, a socket that never answers, a server that is not PostgreSQL)
 * stops start-up with a message naming DATABASE_URL instead of hanging or failing deep inside the schema engine.
 */
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { redactUrl } from "../config.js";
import { databaseTarget, type DatabaseTarget } from "./target.js";
import { migrate } from "./migrate.js";
import { openDb, type Db } from "./client.js";

/** DATABASE_URL does not lead to a database that answers. */
export class DatabaseUnreachable extends Error {
  constructor(databaseUrl: string, problem: string) {
    super(`DATABASE_URL (${redactUrl(databaseUrl)}) ${problem}`);
    this.name = "DatabaseUnreachable";
  }
}

export async function openDatabase(databaseUrl: string, timeoutMs: number): Promise<{ target: DatabaseTarget; db: Db; applied: string[] }> {
  const target: DatabaseTarget = { ...databaseTarget(databaseUrl), connectTimeoutMs: timeoutMs };
  if (target.provider === "sqlite") await mkdir(dirname(target.url.slice("file:".length)), { recursive: true });
  else await checkPostgres(databaseUrl, target, timeoutMs);
  const applied = await migrate(target);
  return { target, db: await openDb(target), applied };
}

/** Connects and runs `SELECT 1` within `timeoutMs`, or throws DatabaseUnreachable saying what went wrong. */
async function checkPostgres(databaseUrl: string, target: DatabaseTarget, timeoutMs: number): Promise<void> {
  const seconds = `${timeoutMs / 1000} s`;
  const { default: pg } = await import("pg"); // loaded only for a PostgreSQL database (the embedded start skips it)
  const client = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on("error", () => {}); // a late socket error after a failed check must not crash the process
  const deadline = new Promise<never>((_, reject) => {
    const timer = setTimeout(() => reject(new Error("deadline")), timeoutMs + 1000);
    timer.unref();
  });
  try {
    await Promise.race([client.connect().then(() => client.query("SELECT 1")), deadline]);
  } catch (err) {
    const { message = String(err), code } = err as { message?: string; code?: string };
    const problem =
      code === "ECONNREFUSED" ? "refused the connection: nothing listens at that host and port."
      : code === "ENOTFOUND" || code === "EAI_AGAIN" ? "names a host that cannot be resolved."
      : /timeout|deadline/i.test(message) ? `did not answer as PostgreSQL within ${seconds}: is that port a PostgreSQL server? (PATCHBAY_DATABASE_TIMEOUT_SECONDS sets the wait.)`
      : /terminated unexpectedly/i.test(message) ? "closed the connection without answering as PostgreSQL: is that port a PostgreSQL server?"
      : `could not be used: ${message}.`;
    throw new DatabaseUnreachable(databaseUrl, problem);
  } finally {
    void client.end().catch(() => {});
  }
}
