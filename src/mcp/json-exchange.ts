/**
 * One stateless Streamable HTTP exchange with JSON answers, as a Transport for the SDK's Server: the same checks and
 * answers as the SDK's `StreamableHTTPServerTransport` in stateless JSON mode (`sessionIdGenerator: undefined`,
 * `enableJsonResponse: true`), written straight onto Node's response.
 *
 * Why not the SDK transport: it turns each Node request into a web `Request` (@hono/node-server), the answer into a
 * web `Response` (a USV-string scan and a re-encode of the whole body), and keeps maps for streams a JSON exchange
 * never has; that was ~30 % of an MCP call's CPU and grew with the size of the answer. The protocol itself
 * (initialize, ping, tools/list, tools/call, JSON-RPC errors) stays the SDK's Server.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isInitializeRequest, isJSONRPCRequest, JSONRPCMessageSchema, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type RequestId } from "@modelcontextprotocol/sdk/types.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import { toJsonBody } from "../http/json-text.js";
import { DEFAULT_MAX_REQUEST_BODY_SIZE, MAX_BATCH_SIZE, requestBodyTooLargeMessage } from "@modelcontextprotocol/sdk/server/requestBody.js";

/** An answer to the HTTP request: a status and a JSON body (none for 202). */
export interface ExchangeAnswer {
  status: number;
  body?: unknown;
}

const refusal = (status: number, code: number, message: string): ExchangeAnswer => ({ status, body: { jsonrpc: "2.0", error: { code, message }, id: null } });

/** Reads and checks a POST carrying JSON-RPC messages: the messages, or the HTTP answer that refuses them. */
export async function readMessages(req: IncomingMessage): Promise<JSONRPCMessage[] | ExchangeAnswer> {
  const accept = req.headers.accept;
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) {
    return refusal(406, -32000, "Not Acceptable: Client must accept both application/json and text/event-stream");
  }
  if (!isJsonContentType(req.headers["content-type"])) return refusal(415, -32000, "Unsupported Media Type: Content-Type must be application/json");
  const text = await readBody(req, DEFAULT_MAX_REQUEST_BODY_SIZE);
  if (text === null) return refusal(413, -32000, requestBodyTooLargeMessage(DEFAULT_MAX_REQUEST_BODY_SIZE));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refusal(400, -32700, "Parse error: Invalid JSON");
  }
  if (Array.isArray(raw) && raw.length > MAX_BATCH_SIZE) return refusal(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
  let messages: JSONRPCMessage[];
  try {
    // A plain tools/call is a valid JSON-RPC request as it is (zod's walk would return the same message, copied).
    messages = (Array.isArray(raw) ? raw : [raw]).map((m) => (plainToolCall(m) ? m : JSONRPCMessageSchema.parse(m)));
  } catch {
    return refusal(400, -32700, "Parse error: Invalid JSON-RPC message");
  }
  // (Only a message whose method is initialize can be one: the schema check is kept for those.)
  const initializing = messages.some((m) => "method" in m && m.method === "initialize" && isInitializeRequest(m));
  if (initializing && messages.length > 1) return refusal(400, -32600, "Invalid Request: Only one initialization request is allowed");
  const version = req.headers["mcp-protocol-version"];
  if (!initializing && typeof version === "string" && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return refusal(400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`);
  }
  return messages;
}

export type ToolCallParams = {
  name: string;
  arguments?: Record<string, unknown>;
};

/** A tools/call request holding nothing but what `plainToolCall` lets through. */
export type PlainToolCall = {
  jsonrpc: "2.0";
  id: string | number;
  method: "tools/call";
  params: ToolCallParams;
};

const REQUEST_FIELDS = new Set(["jsonrpc", "id", "method", "params"]);
const CALL_FIELDS = new Set(["name", "arguments"]);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const onlyFields = (o: Record<string, unknown>, allowed: Set<string>) => {
  for (const k in o) if (!allowed.has(k)) return false;
  return true;
};

/**
 * A tools/call request of the plain shape: only `jsonrpc` "2.0", an id (a string or a safe integer), the method, and
 * params holding only a string `name` and an object `arguments` (or none); no `_meta`, task or other field. Such a
 * message is valid for the SDK's schemas (JSON-RPC request, CallToolRequest) as it stands; any other shape is left
 * to them.
 */
export function plainToolCall(m: unknown): m is PlainToolCall {
  if (!isRecord(m) || m.jsonrpc !== "2.0" || m.method !== "tools/call" || !onlyFields(m, REQUEST_FIELDS)) return false;
  if (!(typeof m.id === "string" || Number.isSafeInteger(m.id))) return false;
  const params = m.params;
  return isRecord(params) && typeof params.name === "string" && (params.arguments === undefined || isRecord(params.arguments)) && onlyFields(params, CALL_FIELDS);
}

/** The body as text, or null when it is larger than `max` bytes (a declared length over it is refused unread). */
function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  if (Number(req.headers["content-length"]) > max) return Promise.resolve(null);
  // Events, not `for await`: the stream's async iterator (an abort signal, end-of-stream tracking) cost ~8 µs a call.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      req.off("data", onData);
      req.destroy(); // as the iterator did when left early: the rest is not read
      resolve(null);
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks, size).toString("utf8")));
    req.on("error", reject);
    req.on("close", () => req.complete || reject(new Error("the request body broke off"))); // settled promises ignore this
  });
}

/** The transport of one exchange: delivers its messages to the Server and gathers the Server's answers to them. */
export class JsonExchange implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** Answers by request id, in the order the requests came. */
  private readonly answers = new Map<RequestId, JSONRPCMessage | undefined>();
  private waiting = 0;
  private finish?: () => void;
  private closed = false;
  /** Every request of the exchange is answered (or it had none): nothing is left for the Server to abandon. */
  private settled = false;

  async start(): Promise<void> {}

  /** Delivers the messages; resolves with the answer to the HTTP request once every request among them is answered. */
  exchange(messages: JSONRPCMessage[], headers: IncomingMessage["headers"]): Promise<ExchangeAnswer> {
    const requestInfo = { headers: headers as Record<string, string | string[] | undefined> };
    const requests = messages.filter(isJSONRPCRequest);
    if (requests.length === 0) {
      for (const m of messages) this.onmessage?.(m, { requestInfo });
      this.settled = true;
      return Promise.resolve({ status: 202 });
    }
    for (const r of requests) if (!this.answers.has(r.id)) this.answers.set(r.id, undefined), this.waiting++;
    const done = new Promise<void>((resolve) => (this.finish = resolve));
    for (const m of messages) this.onmessage?.(m, { requestInfo });
    return done.then(() => {
      const all = [...this.answers.values()];
      return { status: 200, body: all.length === 1 ? all[0] : all };
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // Notifications and requests of the server have no stream to go to in a JSON exchange (as in the SDK's transport).
    // (The Server sends what it built itself: a response is told by its fields, not by checking the whole result
    // against the schema again, a walk over the answer.)
    if (!("id" in message) || (!("result" in message) && !("error" in message))) return;
    const id = message.id;
    if (this.closed || id === undefined || !this.answers.has(id) || this.answers.get(id) !== undefined) return;
    this.answers.set(id, message);
    if (--this.waiting === 0) {
      this.settled = true;
      this.finish?.();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Once every request is answered, the Server has nothing in flight: telling it the connection closed would only
    // build its "Connection closed" error (a stack trace per request) for no one. Both are dropped with the exchange.
    if (this.settled) return;
    // The client went away: settle the exchange (nothing is written to a closed response), so no request waits on.
    this.finish?.();
    this.onclose?.();
  }
}

/** Writes an exchange's answer (headers already set on the response, such as rate-limit ones, are kept). */
export function writeAnswer(res: ServerResponse, answer: ExchangeAnswer): void {
  if (res.headersSent || res.destroyed) return;
  res.statusCode = answer.status;
  if (answer.body === undefined) {
    res.end();
    return;
  }
  res.setHeader("Content-Type", "application/json");
  // Small answers as text (Node writes the head and the text in one write), large ones as bytes (json-text.ts, toJsonBody).
  const body = toJsonBody(answer.body);
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}
