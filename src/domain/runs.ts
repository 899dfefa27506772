/**
 * The runs log: every tool run, with redacted, bounded arguments and outcome summary, and never a credential.
 * The whole result of a run made with an Idempotency-Key is kept sealed for the replay window (24 h) only, then
 * cleared together with the key (a key reused after the window starts a new run, as with Stripe's keys).
 */
import type { Db } from "../db/client.js";
import type { Secrets } from "../crypto/secrets.js";
import { newId } from "../crypto/random.js";
import { leanReads, type LeanQuery } from "../db/lean-reads.js";
import { keyset, toPage } from "./pagination.js";
import { redactedJson } from "./redact.js";

export const REPLAY_WINDOW_MS = 24 * 60 * 60_000;
const MAX_LOGGED_BYTES = 4096;
/** Expired replays are cleared as runs start, at most this often per database (so first after a start). */
const PRUNE_INTERVAL_MS = 60_000;

/** The arguments as the runs log keeps them: secrets replaced, at most 4 kB. */
export const redactArguments = (value: unknown) => redactedJson(value ?? {}, MAX_LOGGED_BYTES);

/** The outcome as the runs log keeps it: secrets replaced, at most 4 kB. */
export const summarize = (outcome: unknown) => redactedJson(outcome, MAX_LOGGED_BYTES);

export interface RunStart {
  accountId: string;
  tool: string | null;
  appId: string;
  arguments: unknown;
  idempotencyKey?: string;
  inputHash?: string;
}

const lastPrune = new WeakMap<Db, number>();

const RUN_COLUMNS = ["id", "accountId", "tool", "appId", "status", "durationMs", "arguments", "idempotencyKey", "inputHash", "createdAt"];
/** The PostgreSQL types of the runs log's columns written by the lean path (prisma/schema.prisma: String, Int, DateTime). */
const PG_TYPES: Record<string, string> = { durationMs: "integer", upstreamStatus: "integer", createdAt: "timestamp(3)" };
const pgArray = (column: string, i: number) => `$${i + 1}::${PG_TYPES[column] ?? "text"}[]`;
/** The runs log's insert and update as prepared statements (db/lean-reads.ts says why; Prisma stays the fallback). */
const INSERT_RUN: LeanQuery = {
  name: "insert_run",
  sqlite: `INSERT INTO Run (${RUN_COLUMNS.join(", ")}) VALUES (${RUN_COLUMNS.map(() => "?").join(", ")})`,
  postgresql: `INSERT INTO "Run" (${RUN_COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${RUN_COLUMNS.map((_, i) => `$${i + 1}`).join(", ")})`,
  group: "runs_log",
  postgresqlMany: `INSERT INTO "Run" (${RUN_COLUMNS.map((c) => `"${c}"`).join(", ")}) SELECT * FROM unnest(${RUN_COLUMNS.map(pgArray).join(", ")})`,
  dates: [],
};
const END_COLUMNS = ["status", "connectionId", "errorCode", "upstreamStatus", "durationMs", "summary", "resultSealed"] as const;
const FINISH_RUN: LeanQuery = {
  name: "finish_run",
  sqlite: `UPDATE Run SET ${END_COLUMNS.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`,
  postgresql: `UPDATE "Run" SET ${END_COLUMNS.map((c, i) => `"${c}" = $${i + 1}`).join(", ")} WHERE id = $${END_COLUMNS.length + 1}`,
  group: "runs_log",
  postgresqlMany: `UPDATE "Run" SET ${END_COLUMNS.map((c) => `"${c}" = v."${c}"`).join(", ")} FROM unnest(${[...END_COLUMNS, "id"].map(pgArray).join(", ")}) AS v(${[...END_COLUMNS, "id"].map((c) => `"${c}"`).join(", ")}) WHERE "Run"."id" = v."id"`,
  dates: [],
};

/**
 * Records a run as started (before the app is called, so a crash mid-call still leaves the run in the log, as
 * `running`); with an Idempotency-Key, the unique index makes a second start fail. Returns the id once the row has
 * committed; with `early`, as soon as it has been handed to the database in a way this process dying can no longer
 * undo (on PostgreSQL: written to the server's socket; on SQLite: committed), with `committed` settling when it has
 * committed (rejected if it could not be written). A caller that starts early must await `committed` before it lets
 * anything the run produced out, or finishes the run.
 */
export async function startRun(db: Db, start: RunStart, opts: { early?: boolean } = {}): Promise<{ id: string; committed: Promise<void> }> {
  const now = Date.now();
  if (now - (lastPrune.get(db) ?? 0) >= PRUNE_INTERVAL_MS) {
    lastPrune.set(db, now);
    await pruneReplays(db, new Date(now));
  }
  const row = {
    id: newId("run"),
    accountId: start.accountId,
    tool: start.tool,
    appId: start.appId,
    status: "running",
    durationMs: 0,
    arguments: redactArguments(start.arguments),
    idempotencyKey: start.idempotencyKey ?? null,
    inputHash: start.inputHash ?? null,
    createdAt: new Date(now),
  };
  const lean = leanReads(db);
  let handedOver: (() => void) | undefined;
  const sent = opts.early ? new Promise<void>((resolve) => (handedOver = resolve)) : null;
  const committed = (async () => {
    if (!lean || !(await lean.write(INSERT_RUN, RUN_COLUMNS.map((c) => row[c as keyof typeof row]), handedOver))) await db.run.create({ data: row, select: { id: true } });
  })();
  committed.catch(() => {}); // awaited by the caller; not an unhandled rejection meanwhile
  await (sent ? Promise.race([sent, committed]) : committed);
  return { id: row.id, committed };
}

export interface RunEnd {
  status: "succeeded" | "failed";
  connectionId: string | null;
  errorCode: string | null;
  upstreamStatus: number | null;
  durationMs: number;
  /** Redacted outcome for the log (see `summarize`). */
  summary: string;
  /** Sealed whole outcome, for a run with an Idempotency-Key; null otherwise. */
  resultSealed: string | null;
}

/** Writes a run's outcome. */
export async function finishRun(db: Db, id: string, end: RunEnd): Promise<void> {
  const lean = leanReads(db);
  if (lean && (await lean.write(FINISH_RUN, [...END_COLUMNS.map((c) => end[c]), id]))) return;
  await db.run.updateMany({ where: { id }, data: end });
}

export const runByIdempotencyKey = (db: Db, accountId: string, key: string) => db.run.findUnique({ where: { accountId_idempotencyKey: { accountId, idempotencyKey: key } } });

export const replayExpired = (run: { createdAt: Date }, now = Date.now()) => now - run.createdAt.getTime() >= REPLAY_WINDOW_MS;

/** Forgets the key, input fingerprint and sealed result of keyed runs older than the replay window. */
export async function pruneReplays(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.run.updateMany({
    where: { idempotencyKey: { not: null }, createdAt: { lt: new Date(now.getTime() - REPLAY_WINDOW_MS) } },
    data: { idempotencyKey: null, inputHash: null, resultSealed: null },
  });
  return count;
}

/** Forgets one run's replay (its window has passed), so that its key can start a new run. */
export const expireReplay = (db: Db, id: string) => db.run.update({ where: { id }, data: { idempotencyKey: null, inputHash: null, resultSealed: null } });

/**
 * Runs recorded before results were sealed hold the whole result in clear: seal it (within the replay window),
 * write the redacted summary, clear the clear copy. Returns how many rows changed.
 */
export async function sealLegacyRunResults(db: Db, secrets: Secrets): Promise<number> {
  const rows = await db.run.findMany({ where: { result: { not: null } }, select: { id: true, result: true, idempotencyKey: true, createdAt: true } });
  for (const row of rows) {
    let outcome: unknown = null;
    try {
      outcome = JSON.parse(row.result!);
    } catch {
      // An unreadable legacy result is dropped: a summary of nothing, and no replay.
    }
    const keep = row.idempotencyKey !== null && !replayExpired(row);
    await db.run.update({
      where: { id: row.id },
      data: { result: null, summary: summarize(outcome), resultSealed: keep ? secrets.seal(row.result!) : null },
    });
  }
  return rows.length;
}

export async function listRuns(db: Db, accountId: string, opts: { limit: number; cursor?: string }) {
  const { where, orderBy } = keyset(opts.cursor);
  const rows = await db.run.findMany({ where: { accountId, ...where }, orderBy, take: opts.limit + 1 });
  return toPage(rows, opts.limit);
}

type RunRow = Awaited<ReturnType<typeof listRuns>>["items"][number];

export const runView = (r: RunRow) => ({
  id: r.id,
  tool: r.tool,
  app: r.appId,
  connection: r.connectionId,
  status: r.status as "running" | "succeeded" | "failed",
  errorCode: r.errorCode,
  upstreamStatus: r.upstreamStatus,
  durationMs: r.durationMs,
  arguments: JSON.parse(r.arguments),
  createdAt: r.createdAt.toISOString(),
});
