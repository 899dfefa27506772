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
 * PostgreSQL: a small pool of its own, with named (server-side prepared) statements; answers are remembered while
 * a listening connection is told of no change to the tables they come from (openPostgres says how). The runs log's
 * writes go together through one more connection (GroupWrite, pipelinedWriter).
 */
import type { DatabaseTarget } from "./target.js";

export interface LeanQuery {
  /** A stable name: the statement is prepared once under it. */
  name: string;
  sqlite: string;
  postgresql: string;
  /** Columns holding timestamps, returned as Date (SQLite stores them as ISO text). */
  dates: readonly string[];
  /**
   * A write only: the same statement for many rows at once on PostgreSQL, taking one array per parameter of
   * `postgresql` (same order; `unnest`). Writes made while one is on its way are then sent together (`GroupWrite`).
   */
  postgresqlMany?: string;
  /** Writes whose queries share a group name are sent together, in one statement (see GroupWrite). */
  group?: string;
}

export interface LeanReads {
  /** The first row of the query, or undefined. */
  one<T>(query: LeanQuery, params: unknown[]): Promise<T | undefined>;
  /**
   * Runs an INSERT or UPDATE; false when it could not be run at once because another connection of this process
   * holds SQLite's write lock (a Prisma transaction between its statements): the caller then writes through Prisma,
   * which waits its turn. Errors of the statement itself (a unique index) are thrown.
   * `handedOver` (PostgreSQL): called once the statement holding the row has been written to the server's socket,
   * before it commits: from then on it is committed even if this process dies (the server runs what it received).
   */
  write(query: LeanQuery, params: unknown[], handedOver?: () => void): Promise<boolean>;
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

/** Rows remembered per query, until the database changes (see openSqlite and openPostgres). */
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
  // Busy timeout 0: a write never waits for SQLite's lock (waiting would block the event loop that must run the
  // holder's next statement). A read that finds the lock taken (only during WAL recovery or a checkpoint reset) is
  // tried again with a timeout (`waitingRead`). Switching the timeout around every write instead cost two statements.
  const db = new Database(target.url.slice("file:".length), { fileMustExist: true, timeout: 0 });
  db.prepare("PRAGMA synchronous = NORMAL").run(); // per connection; see db/client.ts for why NORMAL
  const statements = new Map<string, ReturnType<typeof db.prepare>>();
  const dataVersion = db.prepare("PRAGMA data_version").pluck();
  const noWait = db.prepare("PRAGMA busy_timeout = 0");
  const readWait = db.prepare(`PRAGMA busy_timeout = ${READ_BUSY_MS}`);
  const waitingRead = <T>(read: () => T): T => {
    try {
      return read();
    } catch (err) {
      if (!isBusy(err)) throw err;
      readWait.run();
      try {
        return read();
      } finally {
        noWait.run();
      }
    }
  };
  type SqliteWrite = { stmt: ReturnType<typeof db.prepare>; params: unknown[]; resolve: (done: boolean) => void; reject: (err: unknown) => void };
  let pendingWrites: SqliteWrite[] = [];
  const begin = db.prepare("BEGIN IMMEDIATE");
  const commit = db.prepare("COMMIT");
  const rollback = db.prepare("ROLLBACK");
  let version: unknown = null;
  let checkedAt = -Infinity;
  let statementsSeen = -1;
  const memory = new RowMemory();
  return {
    async one<T>(query: LeanQuery, params: unknown[]) {
      const t = performance.now();
      if (statementsSeen !== localStatements || t - checkedAt >= OTHER_PROCESS_WINDOW_MS) {
        statementsSeen = localStatements;
        checkedAt = t;
        const now = waitingRead(() => dataVersion.get());
        if (now !== version) {
          memory.forget();
          version = now;
        }
      }
      const known = memory.recall(query, params);
      if (known.found) return known.row as T | undefined;
      const stmt = prepared(query);
      const row = waitingRead(() => stmt.get(...params)) as Record<string, unknown> | undefined;
      if (row) for (const column of query.dates) row[column] = sqliteDate(row[column]);
      memory.keep(query, known.key, row);
      // A copy: callers may set fields on what they get; the remembered row stays as read.
      return (row ? { ...row } : undefined) as T | undefined;
    },
    write(query: LeanQuery, params: unknown[]) {
      if (!RUNS_LOG_WRITE.test(query.sqlite)) return Promise.reject(new Error(`lean write '${query.name}' is not a write to the runs log (see openSqlite)`));
      const stmt = prepared(query);
      return new Promise<boolean>((resolve, reject) => {
        pendingWrites.push({ stmt, params: params.map(sqliteParam), resolve, reject });
        if (pendingWrites.length === 1) setImmediate(writePending);
      });
    },
    async close() {
      db.close();
    },
  };

  /**
   * The runs log's writes made during one turn of the event loop, committed together at its end: one transaction (one
   * set of WAL frames for the pages they share, one lock taken) instead of one each (measured with `strace` on a tool
   * run under load: 17 pwrite and 14 fcntl calls a run, two commits). A lone write is made as it is. Each caller's
   * promise settles once the commit holding its row is made, as before; a row that breaks a constraint (a reused
   * Idempotency-Key) fails alone, since SQLite undoes only the failing statement. When another connection of this
   * process holds the write lock, nothing is written and every caller gets false (it writes through Prisma).
   */
  function writePending(): void {
    const rows = pendingWrites;
    pendingWrites = [];
    if (rows.length === 1) {
      const [row] = rows as [SqliteWrite];
      try {
        row.stmt.run(...row.params);
        row.resolve(true);
      } catch (err) {
        if (isBusy(err)) row.resolve(false);
        else row.reject(err);
      }
      return;
    }
    try {
      begin.run();
    } catch (err) {
      for (const row of rows) isBusy(err) ? row.resolve(false) : row.reject(err);
      return;
    }
    const failed = new Map<SqliteWrite, unknown>();
    try {
      for (const row of rows) {
        try {
          row.stmt.run(...row.params);
        } catch (err) {
          if (!isConstraint(err)) throw err;
          failed.set(row, err);
        }
      }
      commit.run();
    } catch (err) {
      if (db.inTransaction) rollback.run();
      for (const row of rows) row.reject(err);
      return;
    }
    for (const row of rows) failed.has(row) ? row.reject(failed.get(row)) : row.resolve(true);
  }

  function prepared(query: LeanQuery) {
    let stmt = statements.get(query.name);
    if (!stmt) statements.set(query.name, (stmt = db.prepare(query.sqlite)));
    return stmt;
  }
}

const isBusy = (err: unknown) => /^SQLITE_BUSY/.test((err as { code?: string }).code ?? "");
const isConstraint = (err: unknown) => /^SQLITE_CONSTRAINT/.test((err as { code?: string }).code ?? "");

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

/**
 * How long PostgreSQL answers are remembered at most, even with no change heard of: a bound on what a lost
 * notification could cost (none is lost while the listening connection is up; it is re-made when it drops).
 */
const POSTGRES_MAX_AGE_MS = 5000;
/** The channel the tables' triggers notify on (prisma/migrations/postgresql/*_change_notifications). */
const CHANGE_CHANNEL = "patchbay_change";

/**
 * PostgreSQL: answers are remembered until a table they come from changes. Triggers on those tables (keys, accounts,
 * connections, app settings, custom connectors) notify `patchbay_change` when a statement changing one commits, in
 * any instance or process; each instance listens on a connection of its own and forgets what it remembered when told
 * (a revocation made through another instance is refused there as soon as the notification arrives: well under a
 * millisecond on one host, a network round trip across hosts). A change made by this process is seen on the very next
 * read, as on SQLite (the driver adapter counts Prisma's statements). While the listening connection is down nothing
 * is remembered; when it is back, what was remembered before is forgotten. A read that a change overtook (the
 * notification came while it was on the way) is used once and not remembered.
 */
async function openPostgres(target: DatabaseTarget): Promise<LeanReads> {
  const { default: pg } = await import("pg");
  const TIMESTAMP = 1114; // Prisma's DateTime is `timestamp(3)` without time zone, written in UTC
  const types = { getTypeParser: ((oid: number, format?: string) => (oid === TIMESTAMP ? (v: string) => new Date(`${v.replace(" ", "T")}Z`) : pg.types.getTypeParser(oid, format as never))) as typeof pg.types.getTypeParser };
  const pool = new pg.Pool({ connectionString: target.url, max: 4, idleTimeoutMillis: 10_000, types });
  pool.on("error", () => {}); // an idle connection dropped by the server is replaced on the next query
  const memory = new RowMemory();
  const changes = listenForChanges(pg, target.url, target.schema ?? "public", () => memory.forget());
  let statementsSeen = localStatements;
  let since = performance.now();
  // Unnamed statements of many rows are planned anew each time: a plan kept from when the table was small (a hash
  // join over all of it) would scan the whole runs log once the table had grown; with the rows at hand it looks each
  // one up (measured: named group statements under load fell to half their speed within 30 s as the log grew).
  const sendWrite = (text: string, values: unknown[], name?: string) => pool.query(name ? { name, text, values } : { text, values });
  const writer = pipelinedWriter(pg, target.url, types);
  const sendGroup = (text: string, values: unknown[], name?: string, sent?: () => void) => writer.query(name ? { name, text, values } : { text, values }, sent);
  const groups = new Map<string, GroupWrite>();
  const groupWrite = (query: LeanQuery) => {
    const key = query.group ?? query.name;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = new GroupWrite(sendGroup, GROUP_IN_FLIGHT)));
    return group;
  };
  const read = async (query: LeanQuery, params: unknown[]) => {
    const { rows } = await pool.query({ name: query.name, text: query.postgresql, values: params });
    return rows[0] as Record<string, unknown> | undefined;
  };
  return {
    async one<T>(query: LeanQuery, params: unknown[]) {
      if (!changes.live()) return (await read(query, params)) as T | undefined;
      const t = performance.now();
      if (statementsSeen !== localStatements || t - since >= POSTGRES_MAX_AGE_MS) {
        memory.forget();
        statementsSeen = localStatements;
        since = t;
      }
      const known = memory.recall(query, params);
      if (known.found) return known.row as T | undefined;
      const generation = memory.generation;
      const row = await read(query, params);
      // Kept only if nothing changed while it was read (a notification, or a statement of this process).
      if (memory.generation === generation && statementsSeen === localStatements && changes.live()) memory.keep(query, known.key, row);
      return (row ? { ...row } : undefined) as T | undefined;
    },
    async write(query: LeanQuery, params: unknown[], handedOver?: () => void) {
      const values = params.map(postgresParam);
      if (!query.postgresqlMany) await sendWrite(query.postgresql, values, query.name);
      else await groupWrite(query).add(query, values, handedOver);
      return true;
    },
    async close() {
      await changes.close();
      await writer.close();
      await pool.end();
    },
  };
}

/**
 * A connection of its own for group writes, in pipeline mode (pg's `pipeline` option): a statement is written to the
 * socket before `query` returns (a pooled query is sent on the pool's next tick, after every callback already queued:
 * under load the callers of the statement that just came back ran first), and the next one may follow before the
 * first has come back (PostgreSQL runs them one after the other, each its own transaction, with its own Sync).
 * Opened on first use; when it fails, what was on its way fails with it and the next write opens a new one.
 */
function pipelinedWriter(pg: typeof import("pg").default, url: string, types: { getTypeParser: typeof import("pg").default.types.getTypeParser }) {
  type Client = InstanceType<typeof pg.Client>;
  let opening: Promise<Client> | null = null;
  let ready: Client | null = null;
  const open = () => {
    const c = new pg.Client({ connectionString: url, pipeline: true, types } as ConstructorParameters<typeof pg.Client>[0]);
    const opened: Promise<Client> = c.connect().then(() => {
      if (opening === opened) ready = c;
      return c;
    });
    const drop = () => {
      if (ready === c) ready = null;
      if (opening === opened) opening = null;
      c.end().catch(() => {});
    };
    c.on("error", drop);
    c.on("end", drop);
    opened.catch(drop);
    return opened;
  };
  return {
    /** `sent` is called once the statement has been written to the socket (at once, when the connection is open). */
    query(config: { text: string; values: unknown[]; name?: string }, sent?: () => void): Promise<unknown> {
      const write = (c: Client) => {
        const done = c.query(config);
        sent?.();
        return done;
      };
      return ready ? write(ready) : (opening ??= open()).then(write);
    },
    async close() {
      const c = opening;
      opening = null;
      ready = null;
      await (await c?.catch(() => null))?.end().catch(() => {});
    },
  };
}

/**
 * How many statements of one group may be on their way at once (pipelined on the writer's connection): with one, the
 * rows written meanwhile wait for it to come back before they are even sent.
 */
const GROUP_IN_FLIGHT = 2;

/** At most this many rows go in one statement of a group write. */
const MAX_GROUP = 256;

/**
 * Group commit on PostgreSQL for the writes of one group (one statement, or several sharing a `group` name): a write
 * made while fewer than `maxInFlight` statements of the group are on their way is sent at once; those made meanwhile
 * wait and then go together, as one statement (one round trip, one commit and one wake-up of the server for all of
 * them instead of one each). Writes of different statements in the group go in one statement too, each as a
 * data-modifying `WITH` part (the runs log's inserts of runs starting and updates of runs ending). Each caller's
 * promise settles once the statement holding its row has committed, so a write is as durable when it resolves as
 * before; `handedOver` tells a caller earlier, when that statement has been written to the server. When a statement of
 * several rows fails (a unique index, a row whose account was just deleted), none of it was written (one statement is
 * atomic): each statement's rows are then sent on their own, and if that fails too each row alone, so that every
 * caller gets its own row's outcome (a row sent again this way was already handed over once: were this process to die
 * between the two, that row would be lost; it happens only when another row of its statement failed).
 * Two statements on their way at once, not one: with one, a row written while it was out waited for it to come back
 * before being sent at all, and a tool run's start (handed over before the app is called) waited with it.
 * Measured on a tool run on PostgreSQL (two writes to the runs log): `npm run bench:profile -- run --setup postgres`,
 * and the tool run against the proxy in `npm run bench`.
 */
export class GroupWrite {
  private waiting: PendingWrite[] = [];
  private inFlight = 0;

  /**
   * `run`: sends a statement (prepared under `name` when one is given), calls `sent` once it is written to the
   * server's socket, and resolves once it has committed. `maxInFlight`: how many statements may be on their way at once.
   */
  constructor(
    private readonly run: (text: string, values: unknown[], name?: string, sent?: () => void) => Promise<unknown>,
    private readonly maxInFlight = 1,
  ) {}

  /** Resolves once the row has committed; `handedOver` is called when the statement holding it has been sent. */
  add(query: LeanQuery, values: unknown[], handedOver?: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ query, values, resolve, reject, handedOver });
      if (this.inFlight < this.maxInFlight) this.pump();
    });
  }

  private pump(): void {
    while (this.waiting.length && this.inFlight < this.maxInFlight) {
      this.inFlight++;
      let released = false;
      // The next statement goes out before the callers of this one are told (their continuations run first otherwise).
      const release = () => {
        if (released) return;
        released = true;
        this.inFlight--;
        this.pump();
      };
      void this.send(this.waiting.splice(0, MAX_GROUP), release).finally(release);
    }
  }

  private async send(rows: PendingWrite[], release: () => void): Promise<void> {
    const kinds = new Map<LeanQuery, PendingWrite[]>();
    for (const row of rows) {
      const kind = kinds.get(row.query);
      if (kind) kind.push(row);
      else kinds.set(row.query, [row]);
    }
    if (kinds.size === 1) return this.sendKind(rows, release);
    const parts: string[] = [];
    const values: unknown[] = [];
    for (const [query, kind] of kinds) {
      const offset = values.length;
      parts.push(`w${parts.length} AS (${query.postgresqlMany!.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`);
      values.push(...columnsOf(kind));
    }
    try {
      await this.commit(rows, `WITH ${parts.join(", ")} SELECT 1`, values, undefined, release);
    } catch {
      await Promise.all([...kinds.values()].map((kind) => this.sendKind(kind, () => {})));
    }
  }

  /** Rows of one statement: alone, or as one statement of many rows and, if that fails, each alone. */
  private async sendKind(rows: PendingWrite[], release: () => void): Promise<void> {
    const r = rows[0]!;
    if (rows.length === 1) return this.commit(rows, r.query.postgresql, r.values, r.query.name, release).catch(r.reject);
    try {
      await this.commit(rows, r.query.postgresqlMany!, columnsOf(rows), undefined, release);
    } catch {
      const alone = (row: PendingWrite) => this.run(row.query.postgresql, row.values, row.query.name).then(() => row.resolve(), row.reject);
      await Promise.all(rows.map(alone));
    }
  }

  /** One statement for `rows`: the rows are told when it is sent and, once it has committed, its place is freed and then they are. */
  private async commit(rows: PendingWrite[], text: string, values: unknown[], name: string | undefined, release: () => void): Promise<void> {
    await this.run(text, values, name, handOver(rows));
    release();
    for (const row of rows) row.resolve();
  }
}

interface PendingWrite {
  query: LeanQuery;
  values: unknown[];
  resolve: () => void;
  reject: (err: unknown) => void;
  handedOver?: () => void;
}

/**
 * What tells the rows' writers that their statement is on its way, once each: a row sent again alone after its
 * group's statement failed was told already.
 */
const handOver = (rows: PendingWrite[]) => () => {
  for (const r of rows) {
    r.handedOver?.();
    r.handedOver = undefined;
  }
};

/** One array per parameter, holding that parameter of every row (what `postgresqlMany` takes). */
const columnsOf = (rows: PendingWrite[]) => rows[0]!.values.map((_, i) => rows.map((r) => r.values[i]));

/** Rows remembered per query and parameters; `generation` counts the times they were all forgotten. */
class RowMemory {
  private readonly rows = new Map<string, Map<string, Record<string, unknown> | undefined>>();
  generation = 0;

  forget(): void {
    this.rows.clear();
    this.generation++;
  }

  /** A copy of the remembered row (callers may set fields on it), or the key to keep one under. */
  recall(query: LeanQuery, params: unknown[]): { found: true; row: Record<string, unknown> | undefined } | { found: false; key: string } {
    const key = params.length === 1 ? String(params[0]) : JSON.stringify(params);
    const rows = this.rows.get(query.name);
    if (!rows?.has(key)) return { found: false, key };
    const row = rows.get(key);
    return { found: true, row: row ? { ...row } : undefined };
  }

  keep(query: LeanQuery, key: string, row: Record<string, unknown> | undefined): void {
    let rows = this.rows.get(query.name);
    if (!rows) this.rows.set(query.name, (rows = new Map()));
    if (rows.size >= MAX_REMEMBERED) rows.clear();
    rows.set(key, row);
  }
}

/**
 * A connection of its own that LISTENs on the change channel and calls `changed` for every notification of a change in
 * `schema` (the payload is `<schema>.<table>`; other schemas of the database are other deployments), and when it
 * connects or drops (what it missed meanwhile is unknown). Re-made a second after it drops. `live`: listening now.
 */
function listenForChanges(pg: typeof import("pg").default, url: string, schema: string, changed: () => void): { live: () => boolean; close: () => Promise<void> } {
  let client: InstanceType<typeof pg.Client> | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const down = (c: InstanceType<typeof pg.Client>) => {
    if (client !== c) return;
    client = null;
    live = false;
    changed();
    c.end().catch(() => {});
    if (!closed) retry = setTimeout(connect, 1000).unref();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on("notification", (message) => {
      const payload = message.payload ?? "";
      const dot = payload.lastIndexOf(".");
      // A payload without a schema (a trigger older than its migration) is taken as a change here.
      if (dot < 0 || payload.slice(0, dot) === schema) changed();
    });
    c.on("error", () => down(c));
    c.on("end", () => down(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (client !== c) return;
      changed();
      live = true;
    } catch {
      down(c);
    }
  };
  void connect();
  return {
    live: () => live,
    async close() {
      closed = true;
      clearTimeout(retry);
      live = false;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
