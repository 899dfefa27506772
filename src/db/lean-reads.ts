/**
 * A lean path for the few reads made on every request (the key lookup), beside Prisma: Prisma 7 compiles and
 * prepares each query anew (measured 0.25–1.06 ms on SQLite and 2.3 ms on PostgreSQL for the key lookup with its
 * account, vs 9–29 µs as a prepared better-sqlite3 statement and 0.11 ms as a named pg statement). Only domain
 * modules call it, with SQL written for both databases. Writes stay with Prisma, but for the runs log's two writes
 * per tool run (`write`: Prisma's insert cost 0.4 ms of CPU on SQLite, more than the rest of a run).
 *
 * SQLite: a second connection to the same file. In WAL mode it sees every commit of Prisma's connection as soon
 * as it is made (so a revoked key is refused on the next request) and its reads never block it; answers are
 * remembered until another connection commits (openSqlite says how).
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
 * Statements Prisma's connection has finished in this process (counted by the wrapped driver adapter, db/adapter.ts,
 * once each has settled). A remembered row is reused without asking SQLite only while this count is unchanged, so a
 * change made here (a key revoked through the API) is seen by the very next read.
 */
let localStatements = 0;
export const noteLocalStatement = () => void localStatements++;

/**
 * How long SQLite's `data_version` answer is trusted when this process has written nothing since: another
 * process's commit (the CLI revoking a key) is seen within this time. Asking costs 3–15 µs (a read transaction),
 * three times a proxied call, and no process can commit, tell its user and have them send a request within 1 ms.
 */
const OTHER_PROCESS_WINDOW_MS = 1;

/**
 * SQLite: answers are remembered until the database changes. `PRAGMA data_version` changes whenever another
 * connection (the server's Prisma connection, the CLI, another process) commits, so a remembered row is used only
 * while nothing else has been committed since it was read: a revoked key is still refused on the next request. Under
 * read-mostly load (proxied calls, GET /me) each request then costs at most one pragma instead of two or three
 * queries (measured 10–25 µs each on a busy machine, 10 % of a proxied call).
 *
 * The runs log's writes go through this same connection: SQLite does not count a connection's own commits in its
 * `data_version`, so a tool run's two writes leave the remembered keys, connections and app settings in place (with
 * a separate writer, every run made the next request read all three again). Those writes touch only the runs log,
 * whose rows are never remembered; `write` refuses any other statement.
 */
async function openSqlite(target: DatabaseTarget): Promise<LeanReads> {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(target.url.slice("file:".length), { fileMustExist: true, timeout: READ_BUSY_MS });
  db.prepare("PRAGMA synchronous = NORMAL").run(); // per connection; see db/client.ts for why NORMAL
  const statements = new Map<string, ReturnType<typeof db.prepare>>();
  const dataVersion = db.prepare("PRAGMA data_version").pluck();
  // A write never waits for SQLite's lock (busy timeout 0): waiting would block the event loop that must run the
  // holder's next statement. Reads keep their timeout.
  const noWait = db.prepare("PRAGMA busy_timeout = 0");
  const readWait = db.prepare(`PRAGMA busy_timeout = ${READ_BUSY_MS}`);
  let version: unknown = null;
  let checkedAt = -Infinity;
  let statementsSeen = -1;
  const remembered = new Map<string, Map<string, Record<string, unknown> | undefined>>();
  return {
    async one<T>(query: LeanQuery, params: unknown[]) {
      const t = performance.now();
      if (statementsSeen !== localStatements || t - checkedAt >= OTHER_PROCESS_WINDOW_MS) {
        statementsSeen = localStatements;
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
        row = prepared(query).get(...params) as Record<string, unknown> | undefined;
        if (row) for (const column of query.dates) row[column] = sqliteDate(row[column]);
        if (rows.size >= MAX_REMEMBERED) rows.clear();
        rows.set(key, row);
      }
      // A copy: callers may set fields on what they get; the remembered row stays as read.
      return (row ? { ...row } : undefined) as T | undefined;
    },
    async write(query: LeanQuery, params: unknown[]) {
      if (!RUNS_LOG_WRITE.test(query.sqlite)) throw new Error(`lean write '${query.name}' is not a write to the runs log (see openSqlite)`);
      const stmt = prepared(query);
      noWait.run();
      try {
        stmt.run(...params.map(sqliteParam));
        return true;
      } catch (err) {
        if (/^SQLITE_BUSY/.test((err as { code?: string }).code ?? "")) return false;
        throw err;
      } finally {
        readWait.run();
      }
    },
    async close() {
      db.close();
    },
  };

  function prepared(query: LeanQuery) {
    let stmt = statements.get(query.name);
    if (!stmt) statements.set(query.name, (stmt = db.prepare(query.sqlite)));
    return stmt;
  }
}

/** How long a read waits for SQLite's lock (only ever needed during WAL recovery or a checkpoint reset). */
const READ_BUSY_MS = 5000;
/** The only statements `write` runs on SQLite: the runs log's insert and update. */
const RUNS_LOG_WRITE = /^(?:INSERT INTO Run |UPDATE Run SET )/;

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
