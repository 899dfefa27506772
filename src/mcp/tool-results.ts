/** REST answers as MCP tool results: the same JSON as structured content and as text. */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ApiError } from "../errors.js";
import type { Reply } from "../dispatch/types.js";

/**
 * Structured content must be an object: a list (a JSON array on REST) is given as `{ items, nextCursor }`; the
 * text is the REST body exactly. A tool run that the app refused (`successful: false`) is an error result.
 */
export function successResult(reply: Reply<unknown>): CallToolResult {
  const body = reply.body;
  const structured = Array.isArray(body) ? { items: body, nextCursor: reply.opts.nextCursor ?? null } : (body as Record<string, unknown>);
  const failedRun = !Array.isArray(body) && (body as { successful?: boolean })?.successful === false;
  return { content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: structured, ...(failedRun ? { isError: true } : {}) };
}

/** A refused call (bad arguments, missing permission, unknown record, upstream failure): the REST error body. */
export function errorResult(err: ApiError, requestId: string): CallToolResult {
  const body = { error: { code: err.code, message: err.message, requestId, ...(err.upstreamStatus !== undefined ? { upstreamStatus: err.upstreamStatus } : {}) } };
  return { content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body, isError: true };
}
