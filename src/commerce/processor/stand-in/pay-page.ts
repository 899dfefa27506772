/**
 * The stand-in processor's hosted checkout page (TEST MODE): shows what is bought, collects the buyer's e-mail, and
 * on "Pay" reports `checkout.session.completed` as a webhook signed with the stand-in's secret, through the same
 * verification as Stripe's (receive-webhook.ts), then sends the buyer to the success URL. No money moves.
 */
import type Koa from "koa";
import { base62 } from "../../../crypto/random.js";
import { html } from "../../../web/render.js";
import { Notice } from "../../../web/pages/layout.js";
import type { Services } from "../../../services.js";
import { commerceOf } from "../../commerce.js";
import { describePrice } from "../../describe-price.js";
import { receiveWebhook } from "../../receive-webhook.js";
import { sendPage, seeOther } from "../../pages/store-page.js";
import { openCheckout, type StandInCheckout } from "./checkout-token.js";
import { signatureHeader } from "./sign-event.js";
import type { StandInProcessor } from "./stand-in-processor.js";

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;

export async function showPayPage(services: Services, ctx: Koa.Context, problem?: string) {
  const processor = commerceOf(services).processor as StandInProcessor;
  const checkout = processor.mode === "test" ? openCheckout(processor.tokenKey, ctx.params.token!) : null;
  if (!checkout) return sendPage(ctx, 404, "Checkout not found", true, html`<h1>This test checkout page is not valid</h1><p>It expired or its address was altered.</p>`);
  const found = await commerceOf(services).offers.find(checkout.priceId);
  if (!found?.price) return sendPage(ctx, 410, "Not available", true, html`<h1>This price is no longer available</h1>`);
  const { offer, price } = found;
  sendPage(
    ctx,
    problem ? 400 : 200,
    "Test checkout",
    true,
    html`<h1>Test payment processor: checkout</h1>
      ${problem ? html`<${Notice} kind="error">${problem}<//>` : null}
      <p><strong>${offer.name}</strong>: ${describePrice({ ...price, trialDays: checkout.trialDays })}</p>
      <form method="post" action=${ctx.path}>
        <p><label for="email">E-mail address</label><br /><input id="email" name="email" type="email" autocomplete="email" required /></p>
        <p class="muted">Test mode: no card is asked for and no payment is taken.</p>
        <p><button type="submit">Pay (test mode)</button> <a href=${checkout.cancelUrl}>Cancel</a></p>
      </form>`,
  );
}

export async function submitPayment(services: Services, ctx: Koa.Context) {
  const processor = commerceOf(services).processor as StandInProcessor;
  const checkout = processor.mode === "test" ? openCheckout(processor.tokenKey, ctx.params.token!) : null;
  if (!checkout) return showPayPage(services, ctx);
  const email = String((ctx.request.body as Record<string, unknown> | undefined)?.email ?? "").trim();
  if (!EMAIL.test(email)) return showPayPage(services, ctx, "Enter a valid e-mail address.");
  const rawBody = JSON.stringify(completedEvent(checkout, email));
  await receiveWebhook(services, rawBody, signatureHeader(rawBody, processor.webhookSecret));
  seeOther(ctx, checkout.successUrl);
}

/** A `checkout.session.completed` event as Stripe sends it (the fields the store reads, and Stripe's envelope). */
function completedEvent(checkout: StandInCheckout, email: string) {
  return {
    id: `evt_test_${base62(24)}`,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: "checkout.session.completed",
    data: {
      object: {
        id: checkout.id,
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: checkout.trialDays > 0 ? "no_payment_required" : "paid",
        client_reference_id: checkout.reference,
        customer_email: null,
        customer_details: { email },
        subscription: `sub_test_${base62(24)}`,
        livemode: false,
      },
    },
  };
}
