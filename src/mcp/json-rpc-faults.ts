/**
 * JSON-RPC faults, told apart. Malformed params are the client's fault: -32602 (InvalidParams), naming the param.
 * A fault of ours is -32603 with a fixed text and the request id, never the exception's own text (a database error
 * quotes the query and the account id); the exception goes to the log in full, under that request id.
 *
 * The SDK checks a request's params inside its handler and reports a failure as -32603 with zod's text, so the
 * params of the methods we serve are checked here first, before the SDK sees the message.
 */
import type { Logger } from "pino";
import { internalErrorMessage } from "../http/errors.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";

const PARAMS_OF = new Map<string, { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }>([
  ["initialize", InitializeRequestSchema],
  ["ping", PingRequestSchema],
  ["tools/list", ListToolsRequestSchema],
  ["tools/call", CallToolRequestSchema],
]);

/** The error a request handler throws for a fault of ours; the SDK sends its `code`, `message` and `data` as they are. */
export function internalError(requestId: string): Error {
  return Object.assign(new Error(internalErrorMessage(requestId)), { code: ErrorCode.InternalError, data: { requestId } });
}

/** Why a request's params do not fit its method, or null when they do (or the method is not one we check). */
export function paramsProblem(message: JSONRPCMessage): string | null {
  if (!("method" in message) || !("id" in message)) return null;
  const schema = PARAMS_OF.get(message.method);
  const parsed = schema?.safeParse(message);
  if (!parsed || parsed.success) return null;
  const issues = (parsed.error?.issues ?? []).slice(0, 5).map((i) => `${i.path.map(String).join(".") || "params"}: ${i.message}`);
  return `Invalid params for ${message.method}: ${issues.join("; ")}`;
}

/**
 * Puts the two rules on a connected transport: requests with malformed params are answered -32602 without reaching
 * the server; an outgoing -32603 that still carries an exception's text is logged and replaced by the fixed text.
 */
export function guardFaults(transport: Transport, log: Logger, requestId: string): void {
  const deliver = transport.onmessage;
  const send = transport.send.bind(transport);
  transport.onmessage = (message, extra) => {
    const problem = paramsProblem(message);
    if (problem && "id" in message) {
      void send({ jsonrpc: "2.0", id: message.id, error: { code: ErrorCode.InvalidParams, message: problem } });
      return;
    }
    deliver?.(message, extra);
  };
  transport.send = (message, options) => ("error" in message ? send({ ...message, error: withoutFaultText(message.error, requestId, log) }, options) : send(message, options));
}

interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** A -32603 that still carries an exception's text is logged and given the fixed text; any other error is kept. */
function withoutFaultText(error: RpcError, requestId: string, log: Logger): RpcError {
  if (error.code !== ErrorCode.InternalError || error.message === internalErrorMessage(requestId)) return error;
  log.error({ rpcError: error }, "MCP internal error");
  return { code: ErrorCode.InternalError, message: internalErrorMessage(requestId), data: { requestId } };
}

/** The JSON-RPC error for an exception thrown by a request handler, as the SDK's Protocol makes it, with the rule above. */
export function rpcErrorOf(err: unknown, requestId: string, log: Logger): RpcError {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const error: RpcError = {
    code: Number.isSafeInteger(e.code) ? (e.code as number) : ErrorCode.InternalError,
    message: typeof e.message === "string" ? e.message : "Internal error",
    ...(e.data !== undefined ? { data: e.data } : {}),
  };
  return withoutFaultText(error, requestId, log);
}
