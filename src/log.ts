/** Structured JSON logs (pino). Secrets never reach a line: auth headers are dropped and tokens in URLs redacted. */
import pino from "pino";

/**
 * Lines go to standard output in batches: the lines logged during one turn of the event loop are written together,
 * synchronously, at its end (one write per request when the server is quiet, one per several under load). Writing
 * each line at once was 8-14 % of a proxied call's CPU; handing writes to libuv's thread pool (pino's async mode)
 * measured worse on 2 cores. What is pending when the process exits is written first; a process killed outright
 * (SIGKILL) loses at most the lines of its last turn.
 */
export function createLogger(level: string, stream?: NodeJS.WritableStream) {
  return pino({
    level,
    base: { service: "patchbay" },
    redact: { paths: ["req.headers.authorization", "headers.authorization", "*.password", "*.secret", "*.key"], censor: "[REDACTED]" },
  }, stream ?? turnBatchedStdout());
}

/** Standard output, written once per event-loop turn (see createLogger); flushed on exit. */
function turnBatchedStdout(): pino.DestinationStream {
  // minLength: SonicBoom keeps lines until told to flush (or 16 kB, its largest write, are pending); sync: each flush is one blocking write.
  const out = pino.destination({ dest: 1, sync: true, minLength: 16 * 1024 - 1 });
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    out.flushSync();
  };
  process.on("exit", () => out.flushSync());
  return {
    write(line: string) {
      out.write(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush).unref();
      }
    },
  };
}

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
