/**
 * The one place where an error becomes a response: `{ "error": { "code", "message", "requestId" } }` with the
 * code's status. 4xx messages are shown as they are; anything unexpected is a 500 with a generic message
 * (the details go to the log under the request id).
 */
import type Koa from "koa";
import { ApiError } from "../errors.js";
import type { RequestState } from "./request-context.js";

export function errorBody(err: ApiError, requestId: string) {
  return {
    error: {
      code: err.code,
      message: err.message,
      requestId,
      ...(err.upstreamStatus !== undefined ? { upstreamStatus: err.upstreamStatus } : {}),
    },
  };
}

/** Errors thrown by Koa's body parser (and http-errors in general) carry a status and a type. */
function fromHttpError(err: { status?: number; type?: string; message?: string }): ApiError | null {
  if (err.type === "entity.parse.failed") return new ApiError("invalid_request", `The request body is not valid JSON: ${err.message}`);
  if (err.type === "entity.too.large") return new ApiError("payload_too_large", "The request body is larger than 1 MB.");
  if (err.status === 415) return new ApiError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
  // Our own code throws ApiError; a plain 400 comes from the body parser, which only fails on malformed JSON.
  if (err.status === 400) return new ApiError("invalid_request", `The request body is not valid JSON: ${err.message ?? "parse error"}.`);
  return null;
}

/**
 * Why reading a JSON body failed. The parser inflates gzip, deflate and br bodies (the 1 MB limit applies to the
 * inflated bytes, so a decompression bomb is a 413); a body that does not decode as its Content-Encoding says
 * makes zlib throw a plain error, which is the client's fault, not ours.
 */
export function bodyError(err: unknown, contentEncoding: string): ApiError {
  const shown = contentEncoding.slice(0, 40);
  const { status, message } = err as { status?: number; message?: string };
  if (status === 415 && /Content-Encoding/i.test(message ?? "")) {
    return new ApiError("unsupported_media_type", `Content-Encoding ${shown} is not supported: send the body as is, or compressed with gzip, deflate or br.`);
  }
  const known = toApiError(err);
  if (known) return known;
  return new ApiError("invalid_request", `The request body does not decode as its Content-Encoding (${shown}) says: send it compressed that way, or without the header.`);
}

export function toApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (err && typeof err === "object") return fromHttpError(err as never);
  return null;
}

export const errorHandler: Koa.Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    const headers: Record<string, string | string[]> = {};
    const { status, body } = errorAnswer(err, ctx.state as RequestState, headers);
    ctx.status = status;
    ctx.set(headers);
    ctx.type = "json";
    ctx.body = body;
  }
};

/** What the client is told of a fault of ours, on every door: a generic message naming the request id (the details are in the log). */
export const internalErrorMessage = (requestId: string) => `Something went wrong on our side. Quote request id ${requestId} when reporting it.`;

/** A fault of ours as an API error. */
export const internalApiError = (requestId: string) => new ApiError("internal_error", internalErrorMessage(requestId));

/**
 * An error as an answer: the code's status, its headers added to `headers`, the error body; anything unexpected a 500
 * whose details go to the log under the request id.
 */
export function errorAnswer(err: unknown, state: RequestState, headers: Record<string, string | string[]>): { status: number; body: string } {
  const known = toApiError(err);
  const apiError = known ?? internalApiError(state.requestId);
  if (!known) state.log.error({ err }, "unhandled error");
  Object.assign(headers, apiError.headers);
  return { status: apiError.status, body: JSON.stringify(errorBody(apiError, state.requestId)) };
}
