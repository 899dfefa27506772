import type { ErrorCode } from "../../../generated/client/index.js";

/**
 * Codes a `PatchbayError` can carry: the service's closed set (from the contract), plus the client's own:
 * `invalid_signature` (a webhook delivery failed verification), `network_error` (no answer reached the client),
 * `unexpected_response` (an answer that is not a Patchbay error body, e.g. from a proxy).
 */
export type PatchbayErrorCode = ErrorCode | "invalid_signature" | "network_error" | "unexpected_response";

/** The one error type the client throws. */
export class PatchbayError extends Error {
  override readonly name = "PatchbayError";
  /** Machine-readable code, e.g. `unauthorized`, `not_found`, `not_implemented`. */
  readonly code: PatchbayErrorCode;
  /** The HTTP status of the answer; 0 when there was none (network errors, webhook verification). */
  readonly status: number;
  /** The id of the request (`X-Request-Id`), to quote to support. */
  readonly requestId: string | undefined;
  /** For upstream errors: the status the connected app answered with. */
  readonly upstreamStatus: number | undefined;

  constructor(
    code: PatchbayErrorCode,
    message: string,
    opts: { status?: number; requestId?: string; upstreamStatus?: number; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.code = code;
    this.status = opts.status ?? 0;
    this.requestId = opts.requestId;
    this.upstreamStatus = opts.upstreamStatus;
  }
}
