/** Signs a stand-in webhook exactly as Stripe does (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`). */
import { hmacHex } from "../../../events/signature.js";

export function signatureHeader(rawBody: string, secret: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${hmacHex(secret, `${t}.`, rawBody)}`;
}
