/**
 * A lean path for the few reads made on every request (the key lookup), beside Prisma: Prisma 7 compiles and
 * prepares each query anew (measured 0.25–1.06 ms on SQLite and 2.3 ms on PostgreSQL for the key lookup with its
 * account, vs 9–29 µs as a prepared better-sqlite3 statement and 0.11 ms as a named pg statement). Only domain
 * modules call it, with SQL written for both databases. Writes stay with Prisma, but for the runs log's two writes
 * per tool run (`write`: Prisma's insert cost 0.4 ms of CPU on SQLite, more than the rest of a run).
 *
 * SQLite: a second, read-only connection to the same file. In WAL mode it sees every commit of the writer as soon
 * as it is made (so a revoked key is refused on the next request) and never blocks it; answers are remembered
 * until the next commit (openSqlite says how).
 * PostgreSQL: a small pool of its own, with named (server-side prepared) statements.
 */
import type { DatabaseTarget } from "./target.js";

export interface LeanQuery {
  /** A stable name: the statement is prepared once under it. */
  name: string;
  sqlite: string;
  postgresql: string;
  /** Columns holding timestamps, returned as Date (SQLite stores them as ISO text). */
  dates: readonly string[];
}

export interface LeanReads {
  /** The first row of the query, or undefined. */
  one<T>(query: LeanQuery, params: unknown[]): Promise<T | undefined>;
  /**
   * Runs an INSERT or UPDATE; false when it could not be run at once because another connection of this process
   * holds SQLite's write lock (a Prisma transaction between its statements): the caller then writes through Prisma,
   * which waits its turn. Errors of the statement itself (a unique index) are thrown.
   */
  write(query: LeanQuery, params: unknown[]): Promise<boolean>;
  close(): Promise<void>;
}

/** A Date parameter of a write is stored as Prisma stores DateTime: SQLite ISO text with an offset; PostgreSQL UTC. */
const sqliteParam = (v: unknown) => (v instanceof Date ? v.toISOString().replace("Z", "+00:00") : v);
const postgresParam = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, -1) : v);

export async function openLeanReads(target: DatabaseTarget): Promise<LeanReads> {
  return target.provider === "sqlite" ? openSqlite(target) : openPostgres(target);
}

const registry = new WeakMap<object, LeanReads>();

/** Ties lean reads to a Prisma client (openDb does this; they close with it). */
export function attachLeanReads(client: object, reads: LeanReads): void {
  registry.set(client, reads);
}

/** The lean reads of a client opened by openDb, or undefined (then the caller uses Prisma). */
export const leanReads = (client: object): LeanReads | undefined => registry.get(client);

/** Rows remembered per query on SQLite, until the database changes (see openSqlite). */
const MAX_REMEMBERED = 2048;

/**
 * Commits this process has made to the SQLite file (bumped once each of its writes has settled: Prisma's through the
 * wrapped driver adapter, and `write` below). A remembered row is reused without asking SQLite only while this count
 * is unchanged, so a change made here (a key revoked through the API) is seen by the very next read.
 */
let localCommits = 0;
export const noteLocalCommit = () => void localCommits++;

/**
 * How long SQLite's `data_version` answer is trusted when this process has written nothing since: another
 * process's commit (the CLI revoking a key) is seen within this time. Asking costs 3–15 µs (a read transaction),
 * three times a proxied call, and no process can commit, tell its user and have them send a request within 1 ms.
 */
const OTHER_PROCESS_WINDOW_MS = 1;

/**
 * SQLite: answers are remembered until the database changes. `PRAGMA data_version` changes whenever another
 * connection (the server's writer, the CLI, another process) commits, and this connection only reads, so a
 * remembered row is used only while nothing at all has been committed since it was read: a revoked key is still
 * refused on the next request. Under read-mostly load (proxied calls, GET /me) each request then costs one pragma
 * instead of two or three queries (measured 10–25 µs each on a busy machine, 10 % of a proxied call).
 */
async function openSqlite(target: DatabaseTarget): Promise<LeanReads> {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(target.url.slice("file:".length), { readonly: true, fileMustExist: true, timeout: 5000 });
  const statements = new Map<string, ReturnType<typeof db.prepare>>();
  const dataVersion = db.prepare("PRAGMA data_version").pluck();
  let version: unknown = null;
  let checkedAt = -Infinity;
  let commitsSeen = -1;
  let writer: InstanceType<typeof Database> | undefined;
  let writerReady = false;
  const writes = new Map<string, ReturnType<typeof db.prepare>>();
  const remembered = new Map<string, Map<string, Record<string, unknown> | undefined>>();
  return {
    async one<T>(query: LeanQuery, params: unknown[]) {
      const t = performance.now();
      if (commitsSeen !== localCommits || t - checkedAt >= OTHER_PROCESS_WINDOW_MS) {
        commitsSeen = localCommits;
        checkedAt = t;
        const now = dataVersion.get();
        if (now !== version) {
          remembered.clear();
          version = now;
        }
      }
      let rows = remembered.get(query.name);
      if (!rows) remembered.set(query.name, (rows = new Map()));
      const key = params.length === 1 ? String(params[0]) : JSON.stringify(params);
      let row = rows.get(key);
      if (row === undefined && !rows.has(key)) {
        let stmt = statements.get(query.name);
        if (!stmt) statements.set(query.name, (stmt = db.prepare(query.sqlite)));
        row = stmt.get(...params) as Record<string, unknown> | undefined;
        if (row) for (const column of query.dates) row[column] = sqliteDate(row[column]);
        if (rows.size >= MAX_REMEMBERED) rows.clear();
        rows.set(key, row);
      }
      // A copy: callers may set fields on what they get; the remembered row stays as read.
      return (row ? { ...row } : undefined) as T | undefined;
    },
    async write(query: LeanQuery, params: unknown[]) {
      // Its own connection, opened on the first write, that never waits for the lock (busy timeout 0): waiting
      // would block the event loop that must run the holder's next statement.
      writer ??= new Database(target.url.slice("file:".length), { fileMustExist: true, timeout: 0 });
      if (!writerReady) {
        writer.prepare("PRAGMA synchronous = NORMAL").run(); // per connection; see db/client.ts for why NORMAL
        writerReady = true;
      }
      let stmt = writes.get(query.name);
      if (!stmt) writes.set(query.name, (stmt = writer.prepare(query.sqlite)));
      try {
        stmt.run(...params.map(sqliteParam));
        noteLocalCommit();
        return true;
      } catch (err) {
        if (/^SQLITE_BUSY/.test((err as { code?: string }).code ?? "")) return false;
        throw err;
      }
    },
    async close() {
      db.close();
      writer?.close();
    },
  };
}

/** Prisma writes ISO text with an offset; a column default (CURRENT_TIMESTAMP) is UTC text without one. */
function sqliteDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value));
  const text = String(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(" ", "T")}Z`);
}

async function openPostgres(target: DatabaseTarget): Promise<LeanReads> {
  const { default: pg } = await import("pg");
  const TIMESTAMP = 1114; // Prisma's DateTime is `timestamp(3)` without time zone, written in UTC
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 4,
    idleTimeoutMillis: 10_000,
    types: { getTypeParser: ((oid: number, format?: string) => (oid === TIMESTAMP ? (v: string) => new Date(`${v.replace(" ", "T")}Z`) : pg.types.getTypeParser(oid, format as never))) as typeof pg.types.getTypeParser },
  });
  pool.on("error", () => {}); // an idle connection dropped by the server is replaced on the next query
  return {
    async one<T>(query: LeanQuery, params: unknown[]) {
      const { rows } = await pool.query({ name: query.name, text: query.postgresql, values: params });
      return rows[0] as T | undefined;
    },
    async write(query: LeanQuery, params: unknown[]) {
      await pool.query({ name: query.name, text: query.postgresql, values: params.map(postgresParam) });
      return true;
    },
    async close() {
      await pool.end();
    },
  };
}
