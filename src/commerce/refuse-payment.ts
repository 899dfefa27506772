/**
 * Payment is taken only on the processor's hosted page. Whatever payment material a checkout call carries is not
 * used, stored or forwarded: this names each kind found, so that the answer can say so and point to continue_url.
 */
export type RefusedPayment = "payment_instrument" | "delegated_payment_token" | "mpp_credential" | "x402_payment" | "ap2_mandate";

type Headers = Record<string, string | string[] | undefined>;

const has = (body: unknown, key: string): boolean => {
  if (!body || typeof body !== "object") return false;
  if (Array.isArray(body)) return body.some((v) => has(v, key));
  return Object.entries(body as Record<string, unknown>).some(([k, v]) => k === key || has(v, key));
};

export function refusedPayments(headers: Headers | undefined, body: unknown): RefusedPayment[] {
  const found = new Set<RefusedPayment>();
  const header = (name: string) => {
    const v = headers?.[name];
    return Array.isArray(v) ? v.join(",") : v;
  };
  const top = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  if (top.payment !== undefined || top.payment_data !== undefined || has(body, "instruments") || has(body, "card") || has(body, "payment_method")) found.add("payment_instrument");
  if (has(body, "delegated_payment") || has(body, "vault_token") || has(body, "payment_token") || has(body, "shared_payment_token") || /"(spt|vt)_[A-Za-z0-9]/.test(JSON.stringify(body ?? null))) found.add("delegated_payment_token");
  if (/^\s*payment\s/i.test(header("authorization") ?? "")) found.add("mpp_credential");
  if (header("x-payment") !== undefined || header("payment-signature") !== undefined) found.add("x402_payment");
  if (top.ap2 !== undefined || has(body, "checkout_mandate") || has(body, "payment_mandate") || has(body, "cart_mandate") || has(body, "intent_mandate")) found.add("ap2_mandate");
  return [...found];
}

const WHAT: Record<RefusedPayment, string> = {
  payment_instrument: "Payment instruments",
  delegated_payment_token: "Delegated payment tokens",
  mpp_credential: "HTTP 402 payment credentials (MPP, `Authorization: Payment`)",
  x402_payment: "x402 payments (`X-PAYMENT` / `PAYMENT-SIGNATURE`)",
  ap2_mandate: "AP2 mandates",
};

export const refusalText = (kind: RefusedPayment, continueUrl: string) =>
  `${WHAT[kind]} are not accepted and were not used: no payment is taken through this API. Send the buyer to ${continueUrl} to accept the terms and pay on the processor's hosted checkout page.`;
