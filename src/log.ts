/** Structured JSON logs (pino). Secrets never reach a line: auth headers are dropped and tokens in URLs redacted. */
import pino from "pino";
import { writeSync } from "node:fs";
import { BoundedMemo } from "./bounded-memo.js";

/**
 * Lines go to standard output in batches: the lines logged during one turn of the event loop are written together,
 * synchronously, at its end: one system call per request when the server is quiet, one per several under load,
 * instead of one per line. Handing the writes to libuv's thread pool (pino's async mode) measured no better on 2
 * cores. What is pending when the process exits is written first; a process killed outright (SIGKILL) loses at most
 * the lines of its last turn.
 */
export function createLogger(level: string, stream?: NodeJS.WritableStream) {
  return pino({
    level,
    base: { service: "patchbay" },
    redact: { paths: ["req.headers.authorization", "headers.authorization", "*.password", "*.secret", "*.key"], censor: "[REDACTED]" },
  }, stream ?? (stdoutLines ??= turnBatchedStdout()));
}

/** What a request's log line holds (`requestId` left out when the logger's bindings name it). */
export interface RequestLineFields {
  requestId?: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  keyId?: string;
}

/**
 * Writes a request's line to the logger's output, as pino would write `logger.info({...fields}, "request")` (same
 * fields in the same order, its level, time and bindings), without pino's general path: the line is written once per
 * request, and pino's walk over the fields (serializers, hooks, redaction) cost 8 µs of it in the server, 7 % of a
 * proxied call (measured: `npm run bench:profile -- proxy` with the line left out). A request line holds none of the
 * redacted fields; its path goes through redactPath. Used for a logger with pino's default format (createLogger's).
 */
export function writeRequestLine(logger: pino.Logger, f: RequestLineFields): void {
  if (!logger.isLevelEnabled("info")) return;
  const own = logger as unknown as Record<symbol, unknown>;
  const stream = own[pino.symbols.streamSym] as pino.DestinationStream;
  const bindings = own[pino.symbols.chindingsSym] as string;
  const id = f.requestId === undefined ? "" : `,"requestId":${jsonString(f.requestId)}`;
  const key = f.keyId === undefined ? "" : `,"keyId":${jsonString(f.keyId)}`;
  stream.write(`{"level":30,"time":${Date.now()}${bindings}${id},"method":${jsonString(f.method)},"path":${JSON.stringify(f.path)},"status":${f.status},"ms":${f.ms}${key},"msg":"request"}\n`);
}

/** A string as JSON: quoted as it is when it holds only characters JSON writes as they are (ids, methods), else JSON.stringify's. */
const jsonString = (text: string) => (PLAIN_TEXT.test(text) ? `"${text}"` : JSON.stringify(text));
const PLAIN_TEXT = /^[0-9A-Za-z._-]*$/;

/** The one batched standard output of the process, shared by every logger made without a stream of its own. */
let stdoutLines: pino.DestinationStream | undefined;

/** Standard output, written once per event-loop turn (see createLogger); flushed on exit. */
function turnBatchedStdout(fd = 1): pino.DestinationStream {
  let pending = "";
  let scheduled = false;
  let broken = false;
  const flush = () => {
    scheduled = false;
    const text = pending;
    pending = "";
    if (text && !broken) broken = !writeAll(fd, text);
  };
  process.on("exit", flush);
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= FLUSH_AT) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush).unref();
      }
    },
  };
}

/** Pending log text is written at once past this size (a turn that logs a lot). */
const FLUSH_AT = 256 * 1024;

/**
 * Writes all of `text` to `fd`, waiting out a full pipe (EAGAIN). False when standard output is gone (EPIPE) or
 * fails otherwise: logging stops then rather than taking the service down.
 */
function writeAll(fd: number, text: string): boolean {
  const bytes = Buffer.from(text, "utf8");
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (err) {
      if ((err as { code?: string }).code !== "EAGAIN") return false;
      Atomics.wait(PAUSE, 0, 0, 1); // the reader is behind: wait 1 ms for room
    }
  }
  return true;
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * Path segments that are credentials: the key of the MCP URL form (`/mcp/k/<key>`), the token of inbound webhook
 * URLs (`/hooks/<token>`) and of sign-in links (`/connect/<token>`, but not the fixed `/connect/callback`).
 * Case-insensitive, since the router is.
 */
const SECRET_SEGMENT = /(\/(?:mcp\/k|hooks|connect)\/)(?!callback(?:[/?#]|$))[^/?#]+/gi;

/** Query parameters whose value is a credential: their name, decoded, mentions one of these words. */
const SECRET_PARAM = /key|token|code|state|secret|password|passwd|auth|sig|session|cookie|credential|jwt/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((part) => {
      const eq = part.indexOf("=");
      const name = eq < 0 ? part : part.slice(0, eq);
      return eq >= 0 && SECRET_PARAM.test(decoded(name)) ? `${name}=[REDACTED]` : part;
    })
    .join("&");
}

/** A URL (path and query) safe to log: credential path segments, API keys anywhere and secret-looking query values replaced. */
export function redactPath(url: string): string {
  // A path without a query repeats (the same tool, the same app): one that holds nothing to redact is remembered as
  // such (two scans a request saved). A path holding a credential is never kept, not even as a key in memory.
  if (safePaths.get(url) === true) return url;
  const safe = redactUrl(url);
  if (safe === url && !url.includes("?")) safePaths.set(url, true);
  return safe;
}

/** Paths (without a query, at most 256 characters) known to hold nothing to redact; forgotten at once past 1,024. */
const safePaths = new BoundedMemo<true>(1024, 256);

function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const withoutHash = hash < 0 ? url : url.slice(0, hash);
  const q = withoutHash.indexOf("?");
  const path = q < 0 ? withoutHash : withoutHash.slice(0, q);
  const query = q < 0 ? null : withoutHash.slice(q + 1);
  const safe = path.replace(SECRET_SEGMENT, "$1[REDACTED]") + (query === null ? "" : `?${redactQuery(query)}`);
  return safe.replace(/patchbay(?:_|%5f)sk(?:_|%5f)[0-9A-Za-z]+/gi, "patchbay_sk_[REDACTED]");
}
