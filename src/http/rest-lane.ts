/**
 * The REST door's lane for the hot paths (the proxy, tool runs, find): a well-formed JSON POST to the REST API is
 * served straight from Node's request event, without Koa's context, its middleware chain and its body parser, which
 * cost a proxied call about as much CPU as Node's own HTTP work (measured: `npm run bench:profile -- proxy`). The
 * steps are the REST door's, in its order and with its functions: route by the contract, admit (401 / 429),
 * authorize (403), path parameters, body (1 MB, JSON nested at most 64 deep, `__proto__` refused), validate against
 * the contract (400 naming the field), the dispatcher by operationId, the same envelope, headers, errors and log line.
 *
 * It takes a request only when nothing about it needs the rest of the app: POST to a path under /api/ without a query
 * string, an operation of the REST API proper (not an agent or unmetered one), no Origin (CORS), a Content-Type of
 * application/json, a Content-Length of 1 byte to 1 MB and no Content-Encoding or Transfer-Encoding, on the main host.
 * Every other request, and every POST of an operation whose answers are not all JSON, goes through Koa as before; a
 * test sends the same requests both ways and compares the answers (test/foundation/rest-lane.test.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import bourne from "@hapi/bourne";
import { operations, type OperationId } from "../../generated/operations.gen.ts";
import type { Backend } from "../contract/backend.js";
import { requestInputReader } from "../contract/request-input.js";
import type { Dispatcher } from "../dispatch/dispatcher.js";
import { ApiError } from "../errors.js";
import type { Gate } from "../gate/admit.js";
import { keyFromRequest } from "../gate/admit.js";
import { bodyError, errorAnswer, errorBody, internalApiError } from "./errors.js";
import { separateAgentHost } from "./host-of.js";
import { checkJsonDepth } from "./json-depth.js";
import { toJsonBody } from "./json-text.js";
import { checkPathParams } from "./path-params.js";
import { describeErrors, isPlainJson } from "./rest-door.js";
import { logRequestLine, RequestState, requestIdOf } from "./request-context.js";

const MAX_BODY = 1024 * 1024;
const JSON_TYPE = /^application\/json[ \t]*(?:;[ \t]*charset=("?)utf-8\1[ \t]*)?$/i;
const JSON_ANSWER = "application/json; charset=utf-8";

export interface RestLaneDeps {
  log: Logger;
  backend: Backend;
  dispatcher: Dispatcher;
  gate: Gate;
  /** Whether X-Forwarded-* headers are trusted (PATCHBAY_TRUST_PROXY), as Koa's `app.proxy`. */
  trustProxy: boolean;
  config: { agentUrl: string; baseUrl: string };
}

/** A Node request listener's front: true when the lane took the request (and will answer it), false to pass it on. */
export type Lane = (req: IncomingMessage, res: ServerResponse) => boolean;

export function restLane(deps: RestLaneDeps): Lane {
  const route = laneRouter(deps.backend, deps.config, deps.trustProxy);
  const readInput = requestInputReader(deps.backend);
  return (req, res) => {
    const operation = route(req);
    if (!operation) return false;
    serve(deps, readInput, operation, req.url!, req, res).catch((err: unknown) => {
      // serve answers every error itself; this is for a fault in answering (the client is then cut off, not left waiting).
      deps.log.error({ err }, "request failed");
      res.destroy();
    });
    return true;
  };
}

type Operation = NonNullable<ReturnType<Backend["router"]["matchOperation"]>>;

/** The operation of a request the lane takes, or undefined for one that goes through Koa (see the top of this file). */
export function laneRouter(backend: Backend, config: RestLaneDeps["config"], trustProxy: boolean): (req: Pick<IncomingMessage, "method" | "url" | "headers">) => Operation | undefined {
  const jsonOnly = new Map<string, boolean>();
  const answersJson = (operationId: string) => {
    let known = jsonOnly.get(operationId);
    if (known === undefined) jsonOnly.set(operationId, (known = allAnswersJson(backend, operationId)));
    return known;
  };
  return (req) => {
    const url = req.url ?? "";
    if (req.method !== "POST" || !url.startsWith("/api/") || url.includes("?") || url.includes("#")) return undefined;
    const h = req.headers;
    if (h.origin !== undefined || h["content-encoding"] !== undefined || h["transfer-encoding"] !== undefined) return undefined;
    const length = h["content-length"];
    if (length === undefined || !/^[1-9][0-9]{0,6}$/.test(length) || Number(length) > MAX_BODY) return undefined;
    if (!JSON_TYPE.test(h["content-type"] ?? "")) return undefined;
    const agentHost = separateAgentHost(config);
    if (agentHost !== null && requestHost(req.headers, trustProxy) === agentHost) return undefined;
    const operation = backend.router.matchOperation({ method: "POST", path: url, query: {}, headers: {} });
    if (!operation) return undefined;
    const rateLimit = (operation as { "x-patchbay-rate-limit"?: string })["x-patchbay-rate-limit"];
    if (rateLimit === "agent" || rateLimit === "none" || !answersJson(operation.operationId!)) return undefined;
    return operation;
  };
}

async function serve(deps: RestLaneDeps, readInput: ReturnType<typeof requestInputReader>, operation: Operation, path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const requestId = requestIdOf(req.headers["x-request-id"]);
  const state = new RequestState(deps.log, requestId);
  const headers: Record<string, string | string[]> = { "X-Request-Id": requestId };
  let status = 200;
  // Text, not bytes, for a small answer: Node then writes the head and the body in one write (with bytes, a writev of
  // two; measured); a large one is bytes (json-text.ts, toJsonBody).
  let body: string | Buffer | undefined;
  try {
    const operationId = operation.operationId as OperationId;
    const info = operations[operationId];
    const admission = await deps.gate.admit({ key: info.authenticated ? keyFromRequest(req) : null, needsKey: info.authenticated, client: ipOf(req, deps.trustProxy) });
    Object.assign(headers, admission.headers);
    state.caller = admission.caller;
    deps.dispatcher.authorize(operationId, admission.caller);
    checkPathParams(operation.path, path);
    const parsed = parseJson(await readBody(req));
    const input = readInput(operation, { method: "POST", path, query: {}, headers: req.headers, body: parsed });
    if (input.errors.length) throw new ApiError("invalid_request", describeErrors(input.errors));
    const reply = await deps.dispatcher.invoke(operationId, { path: input.path, query: input.query, headers: req.headers, body: parsed } as never, admission.caller, requestId);
    status = reply.opts.status ?? 200;
    if (reply.opts.headers) Object.assign(headers, reply.opts.headers);
    if (reply.opts.nextCursor) {
      headers["Patchbay-Next-Cursor"] = reply.opts.nextCursor;
      headers.Link = `<${path}?${new URLSearchParams({ cursor: reply.opts.nextCursor })}>; rel="next"`;
    }
    if (reply.body !== undefined && reply.body !== null) {
      if (!isPlainJson(reply.body)) throw new Error(`${operationId} answered with a body that is not JSON`);
      body = toJsonBody(reply.body);
    }
  } catch (err) {
    ({ status, body } = errorAnswer(err, state, headers));
  }
  sendAnswer(res, state, status, headers, body);
  logRequestLine(state, "POST", path, status, started);
}

/**
 * Writes a lane's answer: JSON (when there is a body) with its type and length in bytes, as Koa would. An answer
 * that cannot be sent as it is (a header value Node refuses) becomes a 500; a response already started, or gone, is cut.
 */
export function sendAnswer(res: ServerResponse, state: RequestState, status: number, headers: Record<string, string | string[]>, body: string | Buffer | undefined): void {
  if (res.destroyed) return;
  if (body !== undefined) {
    headers["Content-Type"] ??= JSON_ANSWER;
    headers["Content-Length"] = String(Buffer.byteLength(body));
  }
  try {
    res.writeHead(status, headers);
    res.end(body);
  } catch (err) {
    state.log.error({ err }, "answer not sent");
    if (!res.headersSent) res.writeHead(500, { "Content-Type": JSON_ANSWER, "X-Request-Id": state.requestId }).end(JSON.stringify(errorBody(internalApiError(state.requestId), state.requestId)));
    else res.destroy();
  }
}

/** The body's bytes as UTF-8 text (a byte-order mark dropped, as the body parser does). Node's parser holds it to its Content-Length. */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      resolve(bytes.toString("utf8", bom ? 3 : 0));
    });
    const brokeOff = () => reject(new ApiError("invalid_request", "The request body broke off before its Content-Length was reached."));
    req.on("error", brokeOff);
    req.on("close", () => req.complete || brokeOff()); // the client went away mid-body (settled promises ignore a second call)
  });
}

/** JSON as the body parser reads it (any JSON value; an object with a `__proto__` key refused), at most 64 levels deep. */
function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = bourne.parse(text, { protoAction: "error" });
  } catch (err) {
    throw bodyError(Object.assign(err as Error, { status: 400 }), ""); // as the body parser's failure is read
  }
  checkJsonDepth(text);
  return value;
}

/** Every answer the contract declares for the operation is JSON (or has no body). */
function allAnswersJson(backend: Backend, operationId: string): boolean {
  const responses = (backend.router.getOperation(operationId)?.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>;
  return Object.values(responses).every((r) => Object.keys(r.content ?? {}).every((type) => type === "application/json"));
}

/** The client's address as Koa reads it: the first X-Forwarded-For entry when proxies are trusted, else the socket's. */
export function ipOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = typeof forwarded === "string" ? forwarded.split(/\s*,\s*/)[0]?.trim() : undefined;
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "";
}

/** The request's host as Koa reads it (X-Forwarded-Host first when proxies are trusted). */
export function requestHost(headers: IncomingMessage["headers"], trustProxy: boolean): string {
  const forwarded = trustProxy ? headers["x-forwarded-host"] : undefined;
  const host = (typeof forwarded === "string" && forwarded) || headers.host || "";
  return host.split(/\s*,\s*/, 1)[0]!;
}
