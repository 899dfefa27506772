/**
 * The service's one error type. Codes form a closed set declared in the contract (`ErrorCode` in spec/common.tsp);
 * each maps to exactly one HTTP status here, and to an MCP tool error in src/mcp.
 */
export type ErrorCode =
  | "invalid_request"
  | "unauthorized"
  | "insufficient_permission"
  | "not_found"
  | "method_not_allowed"
  | "not_acceptable"
  | "conflict"
  | "app_not_configured"
  | "app_not_connected"
  | "connection_needs_reconnect"
  | "idempotency_conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "internal_error"
  | "not_implemented"
  | "upstream_error"
  | "service_unavailable"
  | "upstream_timeout";

export function statusOf(code: ErrorCode): number {
  switch (code) {
    case "invalid_request":
      return 400;
    case "unauthorized":
      return 401;
    case "insufficient_permission":
      return 403;
    case "not_found":
      return 404;
    case "method_not_allowed":
      return 405;
    case "not_acceptable":
      return 406;
    case "conflict":
    case "app_not_configured":
    case "app_not_connected":
    case "connection_needs_reconnect":
    case "idempotency_conflict":
      return 409;
    case "payload_too_large":
      return 413;
    case "unsupported_media_type":
      return 415;
    case "rate_limited":
      return 429;
    case "internal_error":
      return 500;
    case "not_implemented":
      return 501;
    case "upstream_error":
      return 502;
    case "service_unavailable":
      return 503;
    case "upstream_timeout":
      return 504;
    default: {
      const unreachable: never = code;
      throw new Error(`unknown error code ${String(unreachable)}`);
    }
  }
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers (Retry-After, Allow, WWW-Authenticate). */
  readonly headers: Record<string, string>;
  /** Upstream HTTP status, for upstream_error / upstream_timeout. */
  readonly upstreamStatus?: number;

  constructor(code: ErrorCode, message: string, opts: { headers?: Record<string, string>; upstreamStatus?: number } = {}) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = statusOf(code);
    this.headers = opts.headers ?? {};
    this.upstreamStatus = opts.upstreamStatus;
  }
}

export const notFound = (what: string, id: string) => new ApiError("not_found", `No ${what} '${id}'.`);
export const invalid = (message: string) => new ApiError("invalid_request", message);
