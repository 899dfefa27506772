/**
 * The service's one HTTP client: every request Patchbay makes to the outside world (connected apps' APIs, identity
 * probes, OAuth token endpoints, provider webhook registrations, polling, webhook deliveries) goes through
 * `sendOutbound`, so the guard is enforced in one place:
 * - http(s) only; a host that is an IP literal or a local name (localhost, *.local, ...) is judged before anything
 *   is sent; a name is judged on the very addresses the socket connects to (the lookup runs at connect time, so a
 *   name cannot pass a check and then resolve elsewhere: no DNS-rebinding window);
 * - redirects are never followed (a 3xx is returned as it is);
 * - one deadline covers the whole exchange, connect to last body byte, so an upstream that stalls or drips fails;
 * - the answer is read up to a size limit (fail or truncate).
 * `allowPrivate` lifts the address rule (PATCHBAY_ALLOW_PRIVATE_NETWORK=true, or an address the operator set).
 */
import http from "node:http";
import https from "node:https";
import { blockedHost } from "./blocked-address.js";
import { guardedLookup } from "./guarded-lookup.js";
import { RefusedAddress } from "./refused-address.js";

export interface OutboundRequest {
  url: string | URL;
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  /** Let the request reach loopback, private and link-local addresses. */
  allowPrivate: boolean;
  /** Read at most this many bytes of the answer (default 1 kB). */
  maxBodyBytes?: number;
  /** Past `maxBodyBytes`: "truncate" keeps the start (default), "fail" rejects with reason "too_large". */
  onTooLarge?: "truncate" | "fail";
  /**
   * Hand the answer back as a stream once its status line and headers arrive (an MCP server's event stream):
   * `timeoutMs` then covers connect to headers only, and the caller reads, bounds and ends the body.
   */
  stream?: boolean;
  /** Aborts the request (and a streamed answer). */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  /** The answer's bytes (up to `maxBodyBytes`). */
  body: Buffer;
  /** The body was cut at `maxBodyBytes`. */
  truncated: boolean;
  /** With `stream: true`: the answer's body, unread (`body` is then empty). */
  stream?: http.IncomingMessage;
}

export type OutboundFailureReason = "timeout" | "refused_address" | "connection" | "too_large" | "invalid_request";

/** Why a request got no (whole) answer. `status` is set when the failure came after the status line. */
export class OutboundFailure extends Error {
  constructor(
    readonly reason: OutboundFailureReason,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "OutboundFailure";
  }
}

const agentOptions = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, scheduling: "lifo" as const };
/** Guarded and unguarded requests never share a pooled socket (one to a private address must not be reused by a guarded call). */
const agents = {
  guarded: { "http:": new http.Agent(agentOptions), "https:": new https.Agent(agentOptions) },
  open: { "http:": new http.Agent(agentOptions), "https:": new https.Agent(agentOptions) },
};

export function sendOutbound(req: OutboundRequest): Promise<OutboundResponse> {
  let url: URL;
  try {
    url = typeof req.url === "string" ? new URL(req.url) : req.url;
  } catch {
    return Promise.reject(new OutboundFailure("invalid_request", `not a valid URL: '${String(req.url).slice(0, 200)}'`));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.reject(new OutboundFailure("invalid_request", `only http and https URLs can be called, not ${url.protocol}`));
  if (!req.allowPrivate) {
    const kind = blockedHost(url.hostname);
    if (kind) return Promise.reject(new OutboundFailure("refused_address", new RefusedAddress(url.hostname, url.hostname, kind).message));
  }
  const maxBytes = req.maxBodyBytes ?? 1024;

  return new Promise((resolve, reject) => {
    const protocol = url.protocol as "http:" | "https:";
    const transport = protocol === "https:" ? https : http;
    // Node copies the headers it is given: the caller's object is used as it is unless a length is added.
    const headers = req.body === undefined ? req.headers : { ...req.headers, "content-length": String(Buffer.byteLength(req.body)) };
    let request: http.ClientRequest;
    try {
      // Options, not the URL itself: Node would turn the URL into options on every call (measured ~3 µs a request).
      const hostname = url.hostname;
      const options: https.RequestOptions = {
        protocol,
        hostname: hostname.startsWith("[") ? hostname.slice(1, -1) : hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers,
        agent: req.allowPrivate ? agents.open[protocol] : agents.guarded[protocol],
      };
      if (url.username || url.password) options.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      if (!req.allowPrivate) options.lookup = guardedLookup as never;
      request = transport.request(options);
    } catch (err) {
      // Node refuses header names and values that are not valid HTTP (a ':authority' name, a CR in a value).
      return reject(new OutboundFailure("invalid_request", (err as Error).message));
    }
    let settled = false;
    const fail = (err: OutboundFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(err);
    };
    const timer = setTimeout(() => fail(new OutboundFailure("timeout", `timed out: no whole answer within ${req.timeoutMs / 1000} s`)), req.timeoutMs);
    if (req.signal?.aborted) return fail(new OutboundFailure("connection", "aborted by the caller"));
    req.signal?.addEventListener("abort", () => (settled ? request.destroy() : fail(new OutboundFailure("connection", "aborted by the caller"))), { once: true });
    request.on("error", (err) => fail(asFailure(err)));
    request.on("response", (res) => {
      if (req.stream) {
        settled = true;
        clearTimeout(timer);
        return resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? "", headers: res.headers, body: Buffer.alloc(0), truncated: false, stream: res });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      res.on("data", (chunk: Buffer) => {
        if (truncated) return;
        if (size + chunk.length > maxBytes) {
          if (req.onTooLarge === "fail") return fail(new OutboundFailure("too_large", `the answer is larger than ${maxBytes} bytes`, res.statusCode));
          chunks.push(chunk.subarray(0, maxBytes - size));
          size = maxBytes;
          truncated = true;
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on("aborted", () => fail(new OutboundFailure("connection", "the connection closed before the whole answer arrived", res.statusCode)));
      res.on("error", (err) => fail(asFailure(err, res.statusCode)));
      res.on("end", () => {
        if (settled) return;
        if (!res.complete) return fail(new OutboundFailure("connection", "the connection closed before the whole answer arrived", res.statusCode));
        settled = true;
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? "", headers: res.headers, body: Buffer.concat(chunks, size), truncated });
      });
    });
    request.end(req.body);
  });
}

function asFailure(err: Error & { code?: string }, status?: number): OutboundFailure {
  if (err instanceof OutboundFailure) return err;
  if (err instanceof RefusedAddress) return new OutboundFailure("refused_address", err.message);
  const known: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ECONNRESET: "connection reset",
    ENOTFOUND: "host not found",
    EAI_AGAIN: "host name lookup failed",
    EHOSTUNREACH: "host unreachable",
    ENETUNREACH: "network unreachable",
    ETIMEDOUT: "connection timed out",
    EPIPE: "connection closed",
    HPE_INVALID_CONSTANT: "the answer is not valid HTTP",
    HPE_INVALID_HEADER_TOKEN: "the answer is not valid HTTP",
    ERR_TLS_CERT_ALTNAME_INVALID: "the TLS certificate does not match the host",
    DEPTH_ZERO_SELF_SIGNED_CERT: "the TLS certificate is self-signed",
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the TLS certificate cannot be verified",
    CERT_HAS_EXPIRED: "the TLS certificate has expired",
  };
  const message = err.code && known[err.code] ? `${known[err.code]} (${err.code})` : err.message === "aborted" ? "the connection closed before the whole answer arrived" : err.message;
  return new OutboundFailure("connection", message, status);
}
