/** The receipt of a confirmed order, with the sign-up link for the purchased plan. */
import type { CheckoutRecord } from "../store/checkout-sessions.js";
import { describePrice } from "../describe-price.js";
import { receiptUrl } from "../store-urls.js";
import type { Mail } from "./outbox.js";

export function receiptMail(s: CheckoutRecord & { orderId: string }, to: string, urls: { baseUrl: string; agentUrl: string }, testMode: boolean): Mail {
  const signUp = `${urls.baseUrl}/sign-up?${new URLSearchParams({ plan: s.productId, order: s.orderId })}`;
  return {
    topic: `receipt:${s.id}`,
    to,
    subject: `${testMode ? "[TEST MODE] " : ""}Your Patchbay subscription: ${s.productName}`,
    text: [
      ...(testMode ? ["TEST MODE: this purchase went through the local payment processor stand-in. No real payment was taken.", ""] : []),
      `Thank you for subscribing to ${s.productName}.`,
      "",
      `Order: ${s.orderId}`,
      `Price: ${describePrice(s)}`,
      `Receipt: ${receiptUrl(urls.agentUrl, s.id)}`,
      "",
      `Create your Patchbay account for this plan: ${signUp}`,
      "",
      "You can cancel the subscription at any time; it then ends at the close of the current billing period.",
    ].join("\n"),
  };
}
