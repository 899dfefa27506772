/** HMAC-SHA256 signatures: Patchbay's own on deliveries, and the pieces the providers' schemes share. */
import { createHmac } from "node:crypto";
import { ApiError } from "../errors.js";
import { safeEqual } from "../crypto/secrets.js";

/** How old a signed timestamp may be (Slack's and Stripe's schemes, and Patchbay's own receivers): 5 minutes. */
export const TIMESTAMP_TOLERANCE_SECONDS = 300;

export const hmacHex = (key: string, ...parts: (string | Buffer)[]) => {
  const mac = createHmac("sha256", key);
  for (const part of parts) mac.update(part);
  return mac.digest("hex");
};

/** `x-patchbay-signature`: `sha256=` + lowercase hex HMAC-SHA256(signingSecret, timestamp + "." + rawBody). */
export const signDelivery = (signingSecret: string, timestamp: string, rawBody: string) => `sha256=${hmacHex(signingSecret, timestamp, ".", rawBody)}`;

/** The header's value, when it was sent once. */
export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === "string" ? value : undefined;
}

export const badSignature = (provider: string, why: string) => new ApiError("unauthorized", `The ${provider} signature of this request could not be verified: ${why}. Nothing was stored.`);

/** Constant-time check of one expected signature against the candidates a header carries. */
export function anyMatches(expected: string, candidates: string[]): boolean {
  let ok = false;
  for (const c of candidates) ok = safeEqual(expected, c) || ok;
  return ok;
}

/** A signed Unix timestamp (seconds) must be recent; throws the provider's signature error otherwise. */
export function checkTimestamp(provider: string, raw: string | undefined, nowMs = Date.now()): string {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw badSignature(provider, "the timestamp is missing");
  if (Math.abs(nowMs / 1000 - Number(raw)) > TIMESTAMP_TOLERANCE_SECONDS) throw badSignature(provider, `the timestamp is more than ${TIMESTAMP_TOLERANCE_SECONDS / 60} minutes off`);
  return raw;
}
