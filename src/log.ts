/** Structured JSON logs (pino). Secrets never reach a line: auth headers are dropped and tokens in URLs redacted. */
import pino from "pino";

export function createLogger(level: string, stream?: NodeJS.WritableStream) {
  return pino({
    level,
    base: { service: "patchbay" },
    redact: { paths: ["req.headers.authorization", "headers.authorization", "*.password", "*.secret", "*.key"], censor: "[REDACTED]" },
  }, stream ?? process.stdout);
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
