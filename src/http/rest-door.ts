/**
 * The REST door: every path of the contract, routed by openapi-backend to the dispatcher by operationId.
 * Order: route (404 / 405) → admit (401 / 429) → validate (400 naming the field) → dispatch (403, handler).
 */
import type Koa from "koa";
import type { ErrorObject } from "ajv";
import { operations, type OperationId } from "../../generated/operations.gen.ts";
import type { Backend } from "../contract/backend.js";
import type { Dispatcher } from "../dispatch/dispatcher.js";
import type { Gate } from "../gate/admit.js";
import { keyFromHeader } from "../gate/admit.js";
import { ApiError } from "../errors.js";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export function restDoor(backend: Backend, dispatcher: Dispatcher, gate: Gate): Koa.Middleware {
  return async (ctx) => {
    const req = { method: ctx.method, path: ctx.path, query: { ...ctx.query } as Record<string, string | string[]>, headers: ctx.headers as Record<string, string | string[]>, body: ctx.request.body };
    const operation = backend.router.matchOperation(req);
    if (!operation) {
      if (ctx.path.startsWith("/api/")) ctx.set((await gate.admit({ key: null, needsKey: false, client: ctx.ip })).headers);
      const allowed = METHODS.filter((method) => backend.router.matchOperation({ ...req, method }));
      if (allowed.length) {
        throw new ApiError("method_not_allowed", `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allowed.join(", ")}.`, { headers: { Allow: allowed.join(", ") } });
      }
      throw new ApiError("not_found", `No endpoint ${ctx.method} ${ctx.path}. The REST API is under /api/v1; its description is at /openapi.json.`);
    }
    const operationId = operation.operationId as OperationId;
    const info = operations[operationId];
    const admission = await gate.admit({ key: info.authenticated ? keyFromHeader(ctx.get("Authorization") || undefined) : null, needsKey: info.authenticated, client: ctx.ip });
    ctx.set(admission.headers);
    ctx.state.caller = admission.caller;

    if (ctx.request.length && !ctx.is("application/json", "application/*+json")) {
      throw new ApiError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
    }
    const validation = backend.validateRequest(req, operation);
    if (!validation.valid) throw new ApiError("invalid_request", describeErrors(validation.errors ?? []));
    const parsed = backend.router.parseRequest(req, operation);

    const reply = await dispatcher.invoke(
      operationId,
      { path: parsed.params, query: validation.coerced?.query ?? parsed.query, headers: ctx.headers, body: req.body } as never,
      admission.caller,
      ctx.state.requestId,
    );
    ctx.status = reply.opts.status ?? 200;
    if (reply.opts.headers) ctx.set(reply.opts.headers);
    if (reply.opts.nextCursor) {
      const next = new URL(ctx.href);
      next.searchParams.set("cursor", reply.opts.nextCursor);
      ctx.set("Patchbay-Next-Cursor", reply.opts.nextCursor);
      ctx.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
    }
    ctx.body = reply.body;
  };
}

/** Ajv's errors as one sentence that names the field: `query.limit must be <= 200`. */
export function describeErrors(errors: ErrorObject[]): string {
  const parts = errors.slice(0, 3).map((e) => {
    const where = e.instancePath.replace(/^\//, "").replace(/\//g, ".").replace(/^requestBody/, "body") || "request";
    if (e.keyword === "required") return `${where === "request" ? "" : where + "."}${(e.params as { missingProperty: string }).missingProperty} is required`;
    if (e.keyword === "additionalProperties") return `${where}.${(e.params as { additionalProperty: string }).additionalProperty} is not a known field`;
    if (e.keyword === "enum") return `${where} must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(", ")}`;
    return `${where} ${e.message}`;
  });
  return `Invalid request: ${[...new Set(parts)].join("; ")}.`;
}
