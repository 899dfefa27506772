import type { Handler } from "../dispatch/types.js";
import { paged } from "../dispatch/types.js";
import { effectiveApp } from "../domain/app-settings.js";
import { listRuns as list, runView } from "../domain/runs.js";
import { callApp } from "../calls/call-app.js";
import { runTool as run } from "../calls/run-tool.js";
import { checkHeaders } from "../calls/check-headers.js";
import { invalid } from "../errors.js";
import { appOrThrow } from "./apps.js";
import { toolOrThrow } from "./tools.js";
import { isCustomTool } from "../connectors/types.js";
import { runCustomTool } from "../connectors/run-custom-tool.js";
import { callerOf } from "./caller-of.js";

/** POST /apps/{app}/request: any endpoint of a connected app's API, credentials injected. */
export const requestApp: Handler<"requestApp"> = async ({ path, body }, ctx) => {
  checkHeaders(body.headers);
  const eff = await effectiveApp(ctx.services.db, ctx.services.secrets, appOrThrow(ctx, path.app));
  return callApp(ctx.services, callerOf(ctx).accountId, eff, {
    method: body.method,
    path: body.path,
    query: body.query as Record<string, unknown> | undefined,
    headers: body.headers as Record<string, string> | undefined,
    body: body.body,
    connection: body.connection,
  });
};

/** POST /tools/{tool}/run. */
export const runTool: Handler<"runTool"> = async ({ path, body, headers }, ctx) => {
  const idempotencyKey = idempotencyKeyOf(headers as Record<string, string | undefined> | undefined);
  const tool = await toolOrThrow(ctx, path.tool);
  const opts = { connection: body.connection, idempotencyKey };
  if (isCustomTool(tool)) return runCustomTool(ctx.services, callerOf(ctx).accountId, tool, body.arguments ?? {}, opts);
  return run(ctx.services, callerOf(ctx).accountId, tool, body.arguments ?? {}, opts);
};

/** The Idempotency-Key, when given: 1-255 visible ASCII characters (an empty key would match every other empty key). */
function idempotencyKeyOf(headers: Record<string, string | undefined> | undefined): string | undefined {
  const key = headers?.["idempotency-key"];
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/.test(key)) {
    throw invalid("Idempotency-Key must be 1-255 visible ASCII characters (for example a UUID); leave the header out to run without one.");
  }
  return key;
}

/** GET /runs: the latest runs, newest first. */
export const listRuns: Handler<"listRuns"> = async ({ query }, ctx) => {
  const page = await list(ctx.services.db, callerOf(ctx).accountId, { limit: query?.limit ?? 25, cursor: query?.cursor });
  return paged({ items: page.items.map(runView), nextCursor: page.nextCursor });
};
