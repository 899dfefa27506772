/**
 * A processor webhook, verified and reduced to what the store acts on. The signature is Stripe's scheme
 * (`Stripe-Signature: t=<unix>,v1=<HMAC-SHA256(secret, "<t>.<raw body>")>`, constant-time compare, 5-minute
 * tolerance), checked by the official `stripe` package for Stripe and the stand-in alike.
 */
import type Stripe from "stripe";

export type ProcessorEvent =
  | { id: string; type: "checkout.session.completed"; checkout: CompletedCheckout }
  | { id: string; type: "catalog.changed"; name: string }
  | { id: string; type: "ignored"; name: string };

export interface CompletedCheckout {
  /** The processor's checkout session id. */
  processorSessionId: string;
  /** Our checkout session id (`client_reference_id`). */
  reference: string | null;
  email: string | null;
  /** `paid`, or `no_payment_required` during a free trial. */
  paymentStatus: string;
}

export class BadSignature extends Error {}

export async function readEvent(rawBody: string, signature: string | undefined, secret: string): Promise<ProcessorEvent> {
  if (!signature) throw new BadSignature("The Stripe-Signature header is missing.");
  const { default: StripeLib } = await import("stripe"); // loaded on the first webhook, not at start
  let event: Stripe.Event;
  try {
    event = StripeLib.webhooks.constructEvent(rawBody, signature, secret);
  } catch (err) {
    throw new BadSignature(`The webhook signature does not verify: ${(err as Error).message.split("\n")[0]}`);
  }
  if (event.type === "checkout.session.completed") {
    const session = event.data.object as Stripe.Checkout.Session;
    return {
      id: event.id,
      type: event.type,
      checkout: {
        processorSessionId: session.id,
        reference: session.client_reference_id ?? null,
        email: session.customer_details?.email ?? session.customer_email ?? null,
        paymentStatus: session.payment_status,
      },
    };
  }
  if (/^(product|price)\./.test(event.type)) return { id: event.id, type: "catalog.changed", name: event.type };
  return { id: event.id, type: "ignored", name: event.type };
}
