/** Structured JSON logs (pino). Secrets never reach a line: auth headers are dropped and keys in paths redacted. */
import pino from "pino";

export function createLogger(level: string, stream?: NodeJS.WritableStream) {
  return pino({
    level,
    base: { service: "patchbay" },
    redact: { paths: ["req.headers.authorization", "headers.authorization", "*.password", "*.secret", "*.key"], censor: "[REDACTED]" },
  }, stream ?? process.stdout);
}

/** A URL path safe to log: the key of the MCP URL form, the token of inbound webhook URLs and secret-looking query values are replaced. */
export function redactPath(url: string): string {
  return url
    .replace(/(\/mcp\/k\/)[^/?#]+/g, "$1[REDACTED]")
    .replace(/(\/hooks\/)[^/?#]+/g, "$1[REDACTED]")
    .replace(/patchbay_sk_[0-9A-Za-z]+/g, "patchbay_sk_[REDACTED]")
    .replace(/([?&](?:key|token|code|state|secret|access_token|api_key)=)[^&#]*/gi, "$1[REDACTED]");
}
