/**
 * Errors of the UCP and ACP operations in their protocol's own shape, for agents that parse only that: UCP
 * `{ ucp: { version, status: "error" }, messages: [{ type: "error", code, content, severity }] }`, ACP
 * `{ type, code, message }`. Same status codes and messages as everywhere else; only the body differs. A fault of
 * ours is still a 500 with a generic message (details in the log under the request id).
 */
import type Koa from "koa";
import { UCP_VERSION } from "../../agent/discovery/ucp-profile.js";
import { internalErrorMessage, toApiError } from "../../http/errors.js";
import { CommerceError } from "./commerce-error.js";
import type { Protocol } from "./protocol-call.js";

const ROUTES: [Protocol, string, RegExp][] = [
  ["ucp", "POST", /^\/agent\/commerce\/ucp\/checkout-sessions\/?$/],
  ["ucp", "GET|PUT", /^\/agent\/commerce\/ucp\/checkout-sessions\/[^/]+\/?$/],
  ["ucp", "POST", /^\/agent\/commerce\/ucp\/checkout-sessions\/[^/]+\/(complete|cancel)\/?$/],
  ["acp", "POST", /^\/agent\/commerce\/acp\/checkout_sessions\/?$/],
  ["acp", "GET|POST", /^\/agent\/commerce\/acp\/checkout_sessions\/[^/]+\/?$/],
  ["acp", "POST", /^\/agent\/commerce\/acp\/checkout_sessions\/[^/]+\/(complete|cancel)\/?$/],
];

export function protocolOf(method: string, path: string): Protocol | null {
  return ROUTES.find(([, methods, re]) => methods.split("|").includes(method) && re.test(path))?.[0] ?? null;
}

interface Failure {
  status: number;
  code: string;
  message: string;
  headers: Record<string, string>;
  param?: string;
  supportedVersions?: string[];
}

export const protocolErrors: Koa.Middleware = async (ctx, next) => {
  const protocol = protocolOf(ctx.method, ctx.path);
  if (!protocol) return next();
  try {
    await next();
  } catch (err) {
    const failure = asFailure(err, ctx);
    ctx.status = failure.status;
    ctx.set(failure.headers);
    ctx.body = protocol === "acp" ? acpError(failure) : ucpError(failure);
  }
};

function asFailure(err: unknown, ctx: Koa.Context): Failure {
  if (err instanceof CommerceError) return { status: err.status, code: err.code, message: err.message, headers: err.extra.headers ?? {}, param: err.extra.param, supportedVersions: err.extra.supportedVersions };
  const known = toApiError(err);
  if (known) return { status: known.status, code: known.code, message: known.message, headers: known.headers };
  ctx.state.log?.error({ err }, "unhandled error");
  return { status: 500, code: "internal_error", message: internalErrorMessage(ctx.state.requestId), headers: {} };
}

const acpError = (f: Failure) => ({
  type: f.status === 503 ? "service_unavailable" : f.status >= 500 ? "processing_error" : "invalid_request",
  code: f.code,
  message: f.message,
  ...(f.param ? { param: f.param } : {}),
  ...(f.supportedVersions ? { supported_versions: f.supportedVersions } : {}),
});

const ucpError = (f: Failure) => ({
  ucp: { version: UCP_VERSION, status: "error" },
  messages: [{ type: "error", code: f.code, content: f.message, severity: f.status === 404 || f.status >= 500 ? "unrecoverable" : "recoverable" }],
});
