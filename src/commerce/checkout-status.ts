/** A session's state as the doors show it. */
import { isExpired, type CheckoutRecord } from "./store/checkout-sessions.js";

export type ShownStatus = "requires_escalation" | "completed" | "canceled" | "expired";

export function shownStatus(s: CheckoutRecord, now = Date.now()): ShownStatus {
  if (s.status === "completed") return "completed";
  if (s.status === "canceled") return "canceled";
  return isExpired(s, now) ? "expired" : "requires_escalation";
}

/** What the buyer still has to do, for the protocol messages of an open session. */
export function pendingSteps(s: CheckoutRecord, continueUrl: string): { review: string | null; pay: string } {
  return {
    review: s.termsAcceptedAt ? null : `The buyer must read and accept the subscription terms on the store's page: ${continueUrl}`,
    pay: `The buyer pays and gives an e-mail address on the payment processor's hosted checkout page, reached from ${continueUrl}. No payment is taken through this API.`,
  };
}

/** The totals of a one-item subscription checkout (both protocols): no tax, discount or fulfillment lines. */
export const totalsOf = (s: CheckoutRecord) => [
  { type: "subtotal", display_text: "Subtotal", amount: s.amount },
  { type: "total", display_text: "Total", amount: s.amount },
];
