/**
 * Running a tool: validate the arguments against its schema, build the request, call the app through the same
 * path as the proxy, record the run. With an Idempotency-Key, a retried run returns the first run's result (or
 * error) instead of acting twice, for 24 hours; the same key with other input is a 409. The first result is kept
 * sealed for that window only; the runs log keeps a redacted summary.
 */
import type { Services } from "../services.js";
import type { CatalogTool } from "../catalog/types.js";
import type { ApiRunResult } from "../../generated/client/types.gen.ts";
import { effectiveApp } from "../domain/app-settings.js";
import { expireReplay, finishRun, replayExpired, runByIdempotencyKey, startRun, summarize } from "../domain/runs.js";
import { ApiError, type ErrorCode } from "../errors.js";
import { sha256 } from "../crypto/secrets.js";
import { callApp } from "./call-app.js";
import { toolRequest } from "./tool-request.js";
import { validateArguments } from "./validate-arguments.js";

/** The contract's RunResult (generated from spec/tools.tsp). */
export type RunResult = ApiRunResult;

/** What a replay gives back: the result, or the error the first run ended with. */
type Stored = { result: RunResult } | { error: { code: ErrorCode; message: string; upstreamStatus?: number } };

const MAX_STORED_RESULT = 1024 * 1024;

/** Methods that only read (RFC 9110, 9.2.1 safe methods our tools use). */
const SAFE_METHODS = new Set<string | undefined>(["GET", "HEAD"]);

/** A tool as a run needs it; without `invoke`, a catalog tool (its HTTP operation is called through a connection). */
export type RunnableTool = Pick<CatalogTool, "name" | "app" | "inputSchema"> & { validatorKey?: string };

/** What one call of a tool gave: the answer, whether it counts as a success, and why not. */
export interface ToolOutcome {
  status: number | null;
  body: unknown;
  connection: string | null;
  successful: boolean;
  failure: string | null;
}

export async function runTool(
  services: Services,
  accountId: string,
  tool: RunnableTool,
  args: Record<string, unknown>,
  opts: { connection?: string; idempotencyKey?: string; invoke?: () => Promise<ToolOutcome> },
): Promise<RunResult> {
  validateArguments(tool, args);
  // Keyed: a plain hash of arguments holding a short password could be reversed by guessing.
  const input = JSON.stringify([tool.name, args, opts.connection ?? null]);
  const inputHash = services.secrets.fingerprint(input);
  if (opts.idempotencyKey) {
    const replay = await replayOf(services, accountId, opts.idempotencyKey, input);
    if (replay) return replay;
  }
  // A read of a catalog tool (GET or HEAD: no effect on the app) is sent while the run's start commits, once that start
  // is on its way to the database; its answer goes out only after the start has committed, and is dropped if the start
  // failed. Anything else (an Idempotency-Key, whose unique index must refuse a second start before the app is called;
  // a method that may change something; a custom connector's tool, whose effects are unknown) waits for the commit.
  const early = !opts.invoke && !opts.idempotencyKey && SAFE_METHODS.has((tool as CatalogTool).http?.method);
  let run;
  try {
    run = await startRun(services.db, { accountId, tool: tool.name, appId: tool.app, arguments: args, idempotencyKey: opts.idempotencyKey, inputHash }, { early });
  } catch (err) {
    // Two retries raced: the other one created the run first.
    const replay = opts.idempotencyKey ? await replayOf(services, accountId, opts.idempotencyKey, input) : null;
    if (replay) return replay;
    throw err;
  }
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const invoke = opts.invoke ?? (() => callCatalogTool(services, accountId, tool as CatalogTool, args, opts.connection));
  const calling = invoke();
  calling.catch(() => {}); // awaited below, unless the start failed
  await run.committed;
  try {
    const answer = await calling;
    const successful = answer.successful;
    const result: RunResult = {
      runId: run.id,
      tool: tool.name,
      app: tool.app,
      connection: answer.connection,
      successful,
      status: answer.status,
      data: answer.body,
      error: successful ? null : { code: "app_error", message: answer.failure ?? "The call failed." },
      durationMs: elapsed(),
      replayed: false,
    };
    await finishRun(services.db, run.id, {
      status: successful ? "succeeded" : "failed",
      connectionId: answer.connection,
      errorCode: successful ? null : "app_error",
      upstreamStatus: answer.status,
      durationMs: result.durationMs,
      ...recorded(services, { result }, opts.idempotencyKey),
    });
    return result;
  } catch (err) {
    const apiError = err instanceof ApiError ? err : new ApiError("internal_error", "The run failed on our side.");
    await finishRun(services.db, run.id, {
      status: "failed",
      connectionId: null,
      errorCode: apiError.code,
      upstreamStatus: apiError.upstreamStatus ?? null,
      durationMs: elapsed(),
      ...recorded(services, { error: { code: apiError.code, message: apiError.message, upstreamStatus: apiError.upstreamStatus } }, opts.idempotencyKey),
    });
    if (err instanceof ApiError) throw new ApiError(err.code, `${err.message} (run ${run.id})`, { headers: err.headers, upstreamStatus: err.upstreamStatus });
    throw err;
  }
}

async function callCatalogTool(services: Services, accountId: string, tool: CatalogTool, args: Record<string, unknown>, connection: string | undefined): Promise<ToolOutcome> {
  const app = services.catalog.getApp(tool.app)!;
  const eff = await effectiveApp(services.db, services.secrets, app);
  const answer = await callApp(services, accountId, eff, { ...toolRequest(tool, args), connection });
  const ok = answer.status >= 200 && answer.status < 300;
  // GraphQL reports its errors in a 200 answer: an `errors` list means the operation (or part of it) failed.
  const graphqlErrors = ok && tool.http.graphql ? describeGraphqlErrors(answer.body) : null;
  const successful = ok && graphqlErrors === null;
  const failure = successful ? null : graphqlErrors ? `${app.name} answered with GraphQL errors: ${graphqlErrors}.` : `${app.name} answered ${answer.status}${describeAppError(answer.body)}.`;
  return { status: answer.status, body: answer.body, connection: answer.connection, successful, failure };
}

/** The messages of a GraphQL answer's `errors` list, or null when it has none. */
function describeGraphqlErrors(body: unknown): string | null {
  const errors = body && typeof body === "object" ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const messages = errors.map((e) => (e && typeof e === "object" && typeof (e as { message?: unknown }).message === "string" ? (e as { message: string }).message : "unknown error"));
  return messages.join("; ").slice(0, 300);
}

async function replayOf(services: Services, accountId: string, key: string, input: string): Promise<RunResult | null> {
  const previous = await runByIdempotencyKey(services.db, accountId, key);
  if (!previous) return null;
  if (replayExpired(previous)) {
    await expireReplay(services.db, previous.id);
    return null;
  }
  // Runs made before input fingerprints were keyed hold a plain SHA-256.
  const sameInput = previous.inputHash === services.secrets.fingerprint(input) || previous.inputHash === sha256(input);
  if (!sameInput) {
    throw new ApiError("idempotency_conflict", `Idempotency-Key '${key}' was used for a different run (${previous.id}); use a new key for new input.`);
  }
  if (previous.status === "running" || !previous.resultSealed) {
    throw new ApiError("conflict", `The run with Idempotency-Key '${key}' (${previous.id}) is still in progress; retry in a moment.`);
  }
  const stored = JSON.parse(services.secrets.open(previous.resultSealed)) as Stored;
  if ("error" in stored) throw new ApiError(stored.error.code, `${stored.error.message} (replayed from run ${previous.id})`, { upstreamStatus: stored.error.upstreamStatus });
  return { ...stored.result, replayed: true };
}

/** What the run's record keeps of its outcome: a redacted summary, and the whole outcome sealed when a key may replay it. */
function recorded(services: Services, value: Stored, idempotencyKey: string | undefined) {
  return { summary: summarize(value), resultSealed: idempotencyKey ? services.secrets.seal(storable(value)) : null };
}

function storable(value: Stored): string {
  const json = JSON.stringify(value);
  if (json.length <= MAX_STORED_RESULT || !("result" in value)) return json;
  return JSON.stringify({ result: { ...value.result, data: { truncated: true, note: "The first result was larger than 1 MB; only its outcome is kept." } } });
}

function describeAppError(body: unknown): string {
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    const message = b.message ?? b.error_description ?? (typeof b.error === "string" ? b.error : (b.error as Record<string, unknown> | undefined)?.message);
    if (typeof message === "string") return `: ${message.slice(0, 300)}`;
  }
  return typeof body === "string" && body ? `: ${body.slice(0, 300)}` : "";
}
