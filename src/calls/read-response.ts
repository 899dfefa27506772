/** Reading an app's answer: parsed when it is JSON, and only a safe subset of its headers kept. */
import type { IncomingHttpHeaders } from "node:http";
import type { OutboundResponse } from "../net/outbound-request.js";
import { checkJsonDepth } from "../http/json-depth.js";

/**
 * An app's JSON answer nested deeper than this is handed on as its text: parsed, it could not be serialized into the
 * envelope again (serializing recurses once per level; a few thousand levels overflow the stack), and the caller
 * would get a 500 for what the app sent. Real APIs nest a few tens of levels.
 */
const MAX_ANSWER_DEPTH = 512;

const SAFE_HEADERS = /^(content-type|content-language|etag|last-modified|link|location|retry-after|x-ratelimit-.*|ratelimit-.*|x-rate-limit-.*|x-request-id|request-id|x-total-count|x-next-page|x-page|x-per-page|x-github-request-id|x-oauth-scopes)$/i;

export function safeResponseHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && SAFE_HEADERS.test(name)) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/** The answer's body: JSON when it says so and parses (and nests at most MAX_ANSWER_DEPTH deep), text otherwise, null when empty. */
export function parseBody(res: OutboundResponse): unknown {
  if (!res.body.length) return null;
  const text = res.body.toString("utf8");
  if (/json/i.test(String(res.headers["content-type"] ?? ""))) {
    try {
      checkJsonDepth(res.body, MAX_ANSWER_DEPTH);
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
