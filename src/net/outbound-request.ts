/**
 * One HTTP request to a user-given URL, through the guard: http(s) only, the host's addresses checked after DNS
 * resolution (loopback, private and link-local refused unless allowed), redirects never followed, a deadline on the
 * whole exchange, and only the start of the answer read. Every request to a user-supplied URL goes through here.
 */
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { blockedKind } from "./blocked-address.js";
import { guardedLookup } from "./guarded-lookup.js";
import { RefusedAddress } from "./refused-address.js";

export interface OutboundRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** PATCHBAY_ALLOW_PRIVATE_NETWORK: let the request reach loopback, private and link-local addresses. */
  allowPrivate: boolean;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first kilobyte of the answer, for messages. */
  bodyStart: string;
}

/** Why a request got no answer: "timeout", "refused_address", or "connection" (DNS, refused, reset, TLS). */
export class OutboundFailure extends Error {
  constructor(
    readonly reason: "timeout" | "refused_address" | "connection",
    message: string,
  ) {
    super(message);
    this.name = "OutboundFailure";
  }
}

const BODY_START_BYTES = 1024;
const agents = { "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }), "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }) };

export function sendOutbound(req: OutboundRequest): Promise<OutboundResponse> {
  const url = new URL(req.url);
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.reject(new OutboundFailure("connection", `only http and https URLs can be called, not ${url.protocol}`));
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literalKind = isIP(host) && !req.allowPrivate ? blockedKind(host) : null;
  if (literalKind) return Promise.reject(new OutboundFailure("refused_address", new RefusedAddress(host, host, literalKind).message));

  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(url, {
      method: req.method,
      headers: { ...req.headers, ...(req.body !== undefined ? { "content-length": String(Buffer.byteLength(req.body)) } : {}) },
      agent: agents[url.protocol as "http:" | "https:"],
      ...(req.allowPrivate ? {} : { lookup: guardedLookup as never }),
    });
    const timer = setTimeout(() => request.destroy(new OutboundFailure("timeout", `timed out: no answer within ${req.timeoutMs / 1000} s`)), req.timeoutMs);
    request.on("error", (err) => {
      clearTimeout(timer);
      reject(asFailure(err));
    });
    request.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        if (size < BODY_START_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      res.on("error", (err) => {
        clearTimeout(timer);
        reject(asFailure(err));
      });
      res.on("end", () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bodyStart: Buffer.concat(chunks).subarray(0, BODY_START_BYTES).toString("utf8") });
      });
    });
    request.end(req.body);
  });
}

function asFailure(err: Error & { code?: string }): OutboundFailure {
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
  };
  return new OutboundFailure("connection", err.code && known[err.code] ? `${known[err.code]} (${err.code})` : err.message);
}
