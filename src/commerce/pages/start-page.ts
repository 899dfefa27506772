/**
 * The store's start page behind continue_url: the offer (name, price, interval, trial), the subscription terms and a
 * checkbox to accept them. The POST checks the box on the server, then sends the buyer to the processor's page.
 */
import type Koa from "koa";
import { html } from "../../web/render.js";
import { Notice } from "../../web/pages/layout.js";
import type { Services } from "../../services.js";
import { toApiError } from "../../http/errors.js";
import { commerceOf } from "../commerce.js";
import { acceptTerms } from "../accept-terms.js";
import { shownStatus } from "../checkout-status.js";
import { every, money } from "../describe-price.js";
import { findCheckout, type CheckoutRecord } from "../store/checkout-sessions.js";
import { receiptUrl } from "../store-urls.js";
import { TermsText } from "./terms-text.js";
import { sendPage, seeOther } from "./store-page.js";

export async function showStartPage(services: Services, ctx: Koa.Context, problem?: { status: number; message: string }) {
  const testMode = commerceOf(services).processor.mode === "test";
  const session = await findCheckout(services.db, ctx.params.id!);
  if (!session) return sendPage(ctx, 404, "Checkout not found", testMode, html`<h1>Checkout not found</h1><p>This checkout link is not known. Ask your agent to start a new checkout.</p>`);
  const status = shownStatus(session);
  if (status === "completed") return seeOther(ctx, receiptUrl(services.config.agentUrl, session.id));
  if (status !== "requires_escalation") {
    return sendPage(ctx, 410, "Checkout closed", testMode, html`<h1>This checkout is ${status}</h1><p>Nothing was charged. Ask your agent to start a new checkout if you still want to subscribe.</p>`);
  }
  sendPage(ctx, problem?.status ?? 200, `Subscribe to ${session.productName}`, testMode, startPage(session, problem?.message));
}

export async function submitTerms(services: Services, ctx: Koa.Context) {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  if (body.accept_terms !== "yes") return showStartPage(services, ctx, { status: 400, message: "Tick the box to accept the subscription terms, then continue to payment." });
  try {
    const { url } = await acceptTerms(services, ctx.params.id!);
    seeOther(ctx, url);
  } catch (err) {
    const known = toApiError(err);
    if (!known || known.status >= 500 && known.code !== "upstream_error") throw err;
    await showStartPage(services, ctx, { status: known.status, message: known.message });
  }
}

const startPage = (s: CheckoutRecord, problem?: string) => html`<h1>Subscribe to ${s.productName}</h1>
  ${problem ? html`<${Notice} kind="error">${problem}<//>` : null}
  <dl class="offer">
    <dt>Plan</dt><dd data-offer=${s.productId}>${s.productName}</dd>
    <dt>Price</dt><dd data-price>${money(s.amount, s.currency)} ${every(s)}</dd>
    <dt>Free trial</dt><dd data-trial>${s.trialDays > 0 ? `${s.trialDays} days` : "none"}</dd>
  </dl>
  <${TermsText} price=${s} />
  <form method="post" action=${`/store/checkout/${s.id}`}>
    <p><label><input type="checkbox" name="accept_terms" value="yes" required /> I have read and accept the subscription terms.</label></p>
    <p><button type="submit">Continue to payment</button></p>
  </form>
  <p class="muted">You pay on the payment processor's page next. This checkout expires ${s.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC.</p>`;
