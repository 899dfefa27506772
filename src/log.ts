/** Structured JSON logs (pino). Secrets never reach a line: auth headers are dropped and tokens in URLs redacted. */
import pino from "pino";
import { writeSync } from "node:fs";

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

const lineLoggers = new WeakMap<pino.Logger, pino.Logger>();

/**
 * The logger of request lines: the root's output, level and base without its field redaction. A request line holds
 * its id, method, path (through redactPath), status, time and key id, and none of the redacted fields; redaction
 * walks every line's fields and tripled the cost of the line (measured 2.1 vs 0.65 µs), once per request.
 */
export function requestLineLogger(root: pino.Logger): pino.Logger {
  let lines = lineLoggers.get(root);
  if (lines === undefined || lines.level !== root.level) {
    const stream = (root as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym];
    lines = pino({ level: root.level, base: root.bindings() }, stream);
    lineLoggers.set(root, lines);
  }
  return lines;
}

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
  const hash = url.indexOf("#");
  const withoutHash = hash < 0 ? url : url.slice(0, hash);
  const q = withoutHash.indexOf("?");
  const path = q < 0 ? withoutHash : withoutHash.slice(0, q);
  const query = q < 0 ? null : withoutHash.slice(q + 1);
  const safe = path.replace(SECRET_SEGMENT, "$1[REDACTED]") + (query === null ? "" : `?${redactQuery(query)}`);
  return safe.replace(/patchbay(?:_|%5f)sk(?:_|%5f)[0-9A-Za-z]+/gi, "patchbay_sk_[REDACTED]");
}
