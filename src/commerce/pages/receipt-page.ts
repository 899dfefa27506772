/** The receipt, where the processor's page sends the buyer back. Until the processor's webhook confirms, it says so. */
import type Koa from "koa";
import { html } from "../../web/render.js";
import type { Services } from "../../services.js";
import { commerceOf } from "../commerce.js";
import { describePrice } from "../describe-price.js";
import { findCheckout } from "../store/checkout-sessions.js";
import { continueUrl } from "../store-urls.js";
import { sendPage } from "./store-page.js";
import { TermsText } from "./terms-text.js";

export async function showReceipt(services: Services, ctx: Koa.Context) {
  const testMode = commerceOf(services).processor.mode === "test";
  const s = await findCheckout(services.db, ctx.params.id!);
  if (!s) return sendPage(ctx, 404, "Checkout not found", testMode, html`<h1>Checkout not found</h1>`);
  if (s.status !== "completed") {
    ctx.set("Refresh", "3");
    return sendPage(
      ctx,
      200,
      "Waiting for confirmation",
      testMode,
      html`<h1 data-status="pending">Waiting for the payment to be confirmed</h1>
        <p>The payment processor has not confirmed this payment yet. This page reloads by itself.</p>
        <p>If you did not pay, <a href=${continueUrl(services.config.agentUrl, s.id)}>go back to the checkout</a>.</p>`,
    );
  }
  sendPage(
    ctx,
    200,
    "Thank you",
    testMode,
    html`<h1 data-status="completed">Thank you for subscribing</h1>
      <dl class="offer">
        <dt>Order</dt><dd data-order>${s.orderId}</dd>
        <dt>Plan</dt><dd>${s.productName}</dd>
        <dt>Price</dt><dd>${describePrice(s)}</dd>
      </dl>
      <p>A receipt with the link to create your Patchbay account for this plan is on its way${s.buyerEmail ? html` to <strong>${s.buyerEmail}</strong>` : null}.</p>`,
  );
}

export const showTerms = (services: Services, ctx: Koa.Context) =>
  sendPage(ctx, 200, "Subscription terms", commerceOf(services).processor.mode === "test", html`<h1>Patchbay subscription terms</h1><${TermsText} />`);
