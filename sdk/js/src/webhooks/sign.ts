import { hmacHex, type RawBody } from "./hmac.js";
import { EVENT_ID_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./headers.js";

export interface SignOptions {
  /** Unix seconds. Default: now. */
  timestamp?: number;
  /** Sets `x-patchbay-event-id` too. */
  eventId?: string;
}

/**
 * The headers Patchbay would send with this body: for testing a receiver without a live trigger.
 * `await fetch(url, { method: "POST", body, headers: await webhooks.sign(body, secret) })`
 */
export async function sign(rawBody: RawBody, secret: string, opts: SignOptions = {}): Promise<Record<string, string>> {
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    "content-type": "application/json",
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: `sha256=${await hmacHex(secret, timestamp, rawBody)}`,
  };
  if (opts.eventId) headers[EVENT_ID_HEADER] = opts.eventId;
  return headers;
}
