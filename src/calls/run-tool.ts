/**
 * Running a tool: validate the arguments against its schema, build the request, call the app through the same
 * path as the proxy, record the run. With an Idempotency-Key, a retried run returns the first run's result (or
 * error) instead of acting twice; the same key with other input is a 409.
 */
import type { Services } from "../services.js";
import type { CatalogTool } from "../catalog/types.js";
import type { ApiRunResult } from "../../generated/client/types.gen.ts";
import { effectiveApp } from "../domain/app-settings.js";
import { finishRun, runByIdempotencyKey, startRun } from "../domain/runs.js";
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

export async function runTool(
  services: Services,
  accountId: string,
  tool: CatalogTool,
  args: Record<string, unknown>,
  opts: { connection?: string; idempotencyKey?: string },
): Promise<RunResult> {
  validateArguments(tool, args);
  const inputHash = sha256(JSON.stringify([tool.name, args, opts.connection ?? null]));
  if (opts.idempotencyKey) {
    const replay = await replayOf(services, accountId, opts.idempotencyKey, inputHash);
    if (replay) return replay;
  }
  let run;
  try {
    run = await startRun(services.db, { accountId, tool: tool.name, appId: tool.app, arguments: args, idempotencyKey: opts.idempotencyKey, inputHash });
  } catch (err) {
    // Two retries raced: the other one created the run first.
    const replay = opts.idempotencyKey ? await replayOf(services, accountId, opts.idempotencyKey, inputHash) : null;
    if (replay) return replay;
    throw err;
  }
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const app = services.catalog.getApp(tool.app)!;
  try {
    const eff = await effectiveApp(services.db, services.secrets, app);
    const answer = await callApp(services, accountId, eff, { ...toolRequest(tool, args), connection: opts.connection });
    const successful = answer.status >= 200 && answer.status < 300;
    const result: RunResult = {
      runId: run.id,
      tool: tool.name,
      app: tool.app,
      connection: answer.connection,
      successful,
      status: answer.status,
      data: answer.body,
      error: successful ? null : { code: "app_error", message: `${app.name} answered ${answer.status}${describeAppError(answer.body)}.` },
      durationMs: elapsed(),
      replayed: false,
    };
    await finishRun(services.db, run.id, {
      status: successful ? "succeeded" : "failed",
      connectionId: answer.connection,
      errorCode: successful ? null : "app_error",
      upstreamStatus: answer.status,
      durationMs: result.durationMs,
      result: storable({ result }),
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
      result: storable({ error: { code: apiError.code, message: apiError.message, upstreamStatus: apiError.upstreamStatus } }),
    });
    if (err instanceof ApiError) throw new ApiError(err.code, `${err.message} (run ${run.id})`, { headers: err.headers, upstreamStatus: err.upstreamStatus });
    throw err;
  }
}

async function replayOf(services: Services, accountId: string, key: string, inputHash: string): Promise<RunResult | null> {
  const previous = await runByIdempotencyKey(services.db, accountId, key);
  if (!previous) return null;
  if (previous.inputHash !== inputHash) {
    throw new ApiError("idempotency_conflict", `Idempotency-Key '${key}' was used for a different run (${previous.id}); use a new key for new input.`);
  }
  if (previous.status === "running" || !previous.result) {
    throw new ApiError("conflict", `The run with Idempotency-Key '${key}' (${previous.id}) is still in progress; retry in a moment.`);
  }
  const stored = JSON.parse(previous.result) as Stored;
  if ("error" in stored) throw new ApiError(stored.error.code, `${stored.error.message} (replayed from run ${previous.id})`, { upstreamStatus: stored.error.upstreamStatus });
  return { ...stored.result, replayed: true };
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
