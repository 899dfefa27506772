import type { Handler } from "../dispatch/types.js";
import { paged } from "../dispatch/types.js";
import { effectiveApp } from "../domain/app-settings.js";
import { listRuns as list, runView } from "../domain/runs.js";
import { callApp } from "../calls/call-app.js";
import { runTool as run } from "../calls/run-tool.js";
import { appOrThrow } from "./apps.js";
import { toolOrThrow } from "./tools.js";
import { callerOf } from "./caller-of.js";

/** POST /apps/{app}/request: any endpoint of a connected app's API, credentials injected. */
export const requestApp: Handler<"requestApp"> = async ({ path, body }, ctx) => {
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
  const tool = toolOrThrow(ctx, path.tool);
  const idempotencyKey = (headers as Record<string, string | undefined> | undefined)?.["idempotency-key"];
  return run(ctx.services, callerOf(ctx).accountId, tool, body.arguments ?? {}, { connection: body.connection, idempotencyKey });
};

/** GET /runs: the latest runs, newest first. */
export const listRuns: Handler<"listRuns"> = async ({ query }, ctx) => {
  const page = await list(ctx.services.db, callerOf(ctx).accountId, { limit: query?.limit ?? 25, cursor: query?.cursor });
  return paged({ items: page.items.map(runView), nextCursor: page.nextCursor });
};
