/** Reading an app's answer: bounded in size, parsed when it is JSON, and only a safe subset of its headers kept. */
import { ApiError } from "../errors.js";

const SAFE_HEADERS = /^(content-type|content-language|etag|last-modified|link|location|retry-after|x-ratelimit-.*|ratelimit-.*|x-rate-limit-.*|x-request-id|request-id|x-total-count|x-next-page|x-page|x-per-page|x-github-request-id|x-oauth-scopes)$/i;

export function safeResponseHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (SAFE_HEADERS.test(name)) out[name] = value;
  });
  return out;
}

export async function readCapped(res: Response, maxBytes: number, appName: string): Promise<unknown> {
  const declared = Number(res.headers.get("content-length"));
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw tooLarge(appName, maxBytes, res.status);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (res.body) {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge(appName, maxBytes, res.status);
      chunks.push(chunk);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return null;
  if (/json/i.test(res.headers.get("content-type") ?? "")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

const tooLarge = (app: string, max: number, status: number) =>
  new ApiError("upstream_error", `${app}'s answer is larger than ${max / 1024 / 1024} MB, the limit of a call; ask for less (a page size, fields).`, { upstreamStatus: status });
