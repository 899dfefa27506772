/**
 * The stand-in's hosted checkout session, kept in its page address rather than a table: the fields, then an
 * HMAC-SHA256 over them (constant-time checked), valid for 24 hours. Any instance of the service can open it.
 */
import { createHmac } from "node:crypto";
import { safeEqual } from "../../../crypto/secrets.js";

export interface StandInCheckout {
  /** `cs_test_...`, the stand-in's checkout session id. */
  id: string;
  reference: string;
  priceId: string;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
  /** Unix seconds. */
  expiresAt: number;
}

const sign = (key: string, payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

export function sealCheckout(key: string, checkout: StandInCheckout): string {
  const payload = Buffer.from(JSON.stringify(checkout)).toString("base64url");
  return `${payload}.${sign(key, payload)}`;
}

/** The checkout, or null when the token was altered, is malformed or has expired. */
export function openCheckout(key: string, token: string, now = Date.now()): StandInCheckout | null {
  const [payload, mac, extra] = token.split(".");
  if (!payload || !mac || extra !== undefined || !safeEqual(mac, sign(key, payload))) return null;
  try {
    const checkout = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as StandInCheckout;
    return checkout.expiresAt * 1000 > now ? checkout : null;
  } catch {
    return null;
  }
}
