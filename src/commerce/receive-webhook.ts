/**
 * A webhook from the payment processor, as raw bytes and its `Stripe-Signature`: verified with the processor's
 * secret, then acted on (order confirmed; offers refreshed on product and price changes; anything else ignored).
 */
import type { Services } from "../services.js";
import { commerceOf } from "./commerce.js";
import { confirmOrder, type Confirmation } from "./confirm-order.js";
import { readEvent } from "./processor/read-event.js";

export async function receiveWebhook(services: Services, rawBody: string, signature: string | undefined): Promise<{ event: string; outcome: Confirmation | "offers_refreshed" | "ignored" }> {
  const commerce = commerceOf(services);
  const event = await readEvent(rawBody, signature, commerce.processor.webhookSecret);
  if (event.type === "catalog.changed") {
    commerce.offers.invalidate();
    return { event: event.id, outcome: "offers_refreshed" };
  }
  if (event.type === "ignored") return { event: event.id, outcome: "ignored" };
  const outcome = await confirmOrder(services, event, event.checkout);
  if (outcome === "confirmed") commerce.mailer?.kick();
  services.log.info({ event: event.id, outcome, reference: event.checkout.reference }, "checkout completed by the processor");
  return { event: event.id, outcome };
}
