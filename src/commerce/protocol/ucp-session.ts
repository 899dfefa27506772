/** A checkout session in UCP 2026-04-08's shape (dev.ucp.shopping.checkout). */
import { UCP_VERSION } from "../../agent/discovery/ucp-profile.js";
import { pendingSteps, shownStatus, totalsOf } from "../checkout-status.js";
import { describePrice } from "../describe-price.js";
import { refusalText, type RefusedPayment } from "../refuse-payment.js";
import type { CheckoutRecord } from "../store/checkout-sessions.js";
import { continueUrl, receiptUrl, termsUrl } from "../store-urls.js";

export function ucpSession(s: CheckoutRecord, agentUrl: string, opts: { refused?: RefusedPayment[]; testMode?: string | null } = {}) {
  const shown = shownStatus(s);
  const status = shown === "expired" ? "canceled" : shown; // UCP has no expired state
  const open = status === "requires_escalation";
  const url = continueUrl(agentUrl, s.id);
  const totals = totalsOf(s);
  const steps = pendingSteps(s, url);
  const messages = [
    ...(open && steps.review ? [{ type: "error", code: "buyer_review_required", severity: "requires_buyer_review", content: steps.review }] : []),
    ...(open ? [{ type: "error", code: "payment_required", severity: "requires_buyer_input", content: steps.pay }] : []),
    ...(opts.refused ?? []).map((kind) => ({ type: "error", code: "payment_not_accepted", severity: open ? "requires_buyer_input" : "unrecoverable", content: refusalText(kind, url) })),
    ...(shown === "expired" ? [{ type: "info", content: "This checkout session expired before the buyer paid. Create a new one." }] : []),
    ...(opts.testMode ? [{ type: "info", content: opts.testMode }] : []),
  ];
  return {
    ucp: { version: UCP_VERSION, status: "success", capabilities: { "dev.ucp.shopping.checkout": [{ version: UCP_VERSION }] }, payment_handlers: {} },
    id: s.id,
    status,
    currency: s.currency.toUpperCase(),
    line_items: [{ id: "li_1", item: { id: s.productId, title: `${s.productName} (${describePrice(s)})`, price: s.amount }, quantity: 1, totals }],
    totals,
    messages,
    links: [{ type: "terms_of_service", url: termsUrl(agentUrl), title: "Subscription terms" }],
    expires_at: s.expiresAt.toISOString(),
    ...(open ? { continue_url: url } : {}),
    ...(s.status === "completed" && s.orderId ? { order: { id: s.orderId, permalink_url: receiptUrl(agentUrl, s.id) } } : {}),
  };
}
