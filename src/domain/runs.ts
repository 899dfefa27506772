/** The runs log: every tool run and app request, with bounded, redacted arguments and never a credential. */
import type { Db } from "../db/client.js";
import { newId } from "../crypto/random.js";
import { keyset, toPage } from "./pagination.js";

const SECRET_NAME = /pass(word)?|secret|token|api[-_]?key|^key$|authorization|credential|private/i;
const MAX_ARGUMENTS_BYTES = 4096;

/** Replaces values of secret-looking fields, then cuts the JSON to 4 kB. */
export function redactArguments(value: unknown): string {
  const redact = (v: unknown, depth: number): unknown => {
    if (depth > 8) return "[…]";
    if (Array.isArray(v)) return v.slice(0, 50).map((x) => redact(x, depth + 1));
    if (v && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, SECRET_NAME.test(k) ? "[REDACTED]" : redact(x, depth + 1)]));
    }
    if (typeof v === "string" && /^(patchbay_sk_|sk_live_|sk_test_|ghp_|gho_|xox[abp]-)/.test(v)) return "[REDACTED]";
    return v;
  };
  const json = JSON.stringify(redact(value ?? {}, 0));
  return json.length <= MAX_ARGUMENTS_BYTES ? json : JSON.stringify({ truncated: true, preview: json.slice(0, MAX_ARGUMENTS_BYTES - 64) });
}

export interface RunStart {
  accountId: string;
  tool: string | null;
  appId: string;
  arguments: unknown;
  idempotencyKey?: string;
  inputHash?: string;
}

/** Records a run as started; with an Idempotency-Key, the unique index makes a second start fail. */
export function startRun(db: Db, start: RunStart) {
  return db.run.create({
    data: {
      id: newId("run"),
      accountId: start.accountId,
      tool: start.tool,
      appId: start.appId,
      status: "running",
      durationMs: 0,
      arguments: redactArguments(start.arguments),
      idempotencyKey: start.idempotencyKey ?? null,
      inputHash: start.inputHash ?? null,
    },
  });
}

export function finishRun(db: Db, id: string, end: { status: "succeeded" | "failed"; connectionId: string | null; errorCode: string | null; upstreamStatus: number | null; durationMs: number; result?: string }) {
  return db.run.update({ where: { id }, data: { ...end, result: end.result ?? null } });
}

export const runByIdempotencyKey = (db: Db, accountId: string, key: string) => db.run.findUnique({ where: { accountId_idempotencyKey: { accountId, idempotencyKey: key } } });

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
