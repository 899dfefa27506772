/**
 * The REST door: every path of the contract, routed by openapi-backend to the dispatcher by operationId.
 * Order: route (404 / 405) → admit (401 / 429) → permission (403) → content (400 / 415) → body (400, 413) →
 * validate (400 naming the field) → handler.
 */
import type Koa from "koa";
import type { ErrorObject } from "ajv";
import { operations, type OperationId } from "../../generated/operations.gen.ts";
import type { Backend } from "../contract/backend.js";
import type { Dispatcher } from "../dispatch/dispatcher.js";
import type { Gate } from "../gate/admit.js";
import { keyFromRequest } from "../gate/admit.js";
import { ApiError } from "../errors.js";
import { checkContent } from "./check-content.js";
import { toJsonBody } from "./json-text.js";
import { jsonBodyReader } from "./read-json-body.js";
import { checkPathParams } from "./path-params.js";
import { gateFor } from "./unmetered.js";
import { requestInputReader } from "../contract/request-input.js";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export function restDoor(backend: Backend, dispatcher: Dispatcher, meteredGate: Gate): Koa.Middleware {
  const readBody = jsonBodyReader();
  const readInput = requestInputReader(backend);
  return async (ctx) => {
    const req = { method: ctx.method, path: ctx.path, query: { ...ctx.query } as Record<string, string | string[]>, headers: ctx.headers as Record<string, string | string[]>, body: undefined as unknown };
    const operation = backend.router.matchOperation(req);
    if (!operation) {
      if (ctx.path.startsWith("/api/")) ctx.set((await meteredGate.admit({ key: null, needsKey: false, client: ctx.ip })).headers);
      const allowed = METHODS.filter((method) => backend.router.matchOperation({ ...req, method }));
      if (allowed.length) {
        throw new ApiError("method_not_allowed", `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allowed.join(", ")}.`, { headers: { Allow: allowed.join(", ") } });
      }
      throw new ApiError("not_found", `No endpoint ${ctx.method} ${ctx.path}. The REST API is under /api/v1; its description is at /openapi.json.`);
    }
    const operationId = operation.operationId as OperationId;
    const info = operations[operationId];
    const gate = gateFor(operation, meteredGate);
    const admission = await gate.admit({ key: info.authenticated ? keyFromRequest(ctx.req) : null, needsKey: info.authenticated, client: ctx.ip });
    ctx.set(admission.headers);
    ctx.state.caller = admission.caller;
    dispatcher.authorize(operationId, admission.caller);

    checkContent(ctx);
    checkPathParams(operation.path, ctx.path);
    await readBody(ctx);
    req.body = ctx.request.body;
    const input = readInput(operation, req);
    if (input.errors.length) throw new ApiError("invalid_request", describeErrors(input.errors));

    const reply = await dispatcher.invoke(
      operationId,
      { path: input.path, query: input.query, headers: ctx.headers, body: req.body } as never,
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
    if (isPlainJson(reply.body)) {
      // As Koa does for an object: JSON, keeping a JSON type the reply set (`application/linkset+json`).
      if (!ctx.type || !/\bjson\b/i.test(ctx.type)) ctx.type = "json";
      // As bytes, encoded once: a string body is measured by Koa and again by Node, then encoded as it is written
      // (three passes over a 120 kB find answer).
      const json = toJsonBody(reply.body);
      ctx.body = typeof json === "string" ? Buffer.from(json) : json;
    } else ctx.body = reply.body; // text, bytes, streams, nothing: as Koa sends them
  };
}

/** A plain object or array (what Koa would serialize as JSON), not text, bytes or a stream. */
export function isPlainJson(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
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
