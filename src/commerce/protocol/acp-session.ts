/** A checkout session in ACP 2026-04-17's shape (CheckoutSession; with `order` once the processor confirmed payment). */
import { ACP_VERSION } from "../../agent/discovery/acp-discovery.js";
import { pendingSteps, shownStatus, totalsOf } from "../checkout-status.js";
import { describePrice } from "../describe-price.js";
import { refusalText, type RefusedPayment } from "../refuse-payment.js";
import type { CheckoutRecord } from "../store/checkout-sessions.js";
import { continueUrl, receiptUrl, termsUrl } from "../store-urls.js";

export function acpSession(s: CheckoutRecord, agentUrl: string, opts: { refused?: RefusedPayment[]; testMode?: string | null } = {}) {
  const status = shownStatus(s);
  const open = status === "requires_escalation";
  const url = continueUrl(agentUrl, s.id);
  const totals = totalsOf(s);
  const steps = pendingSteps(s, url);
  const error = (content: string, resolution: string) => ({ type: "error", code: "intervention_required", resolution, content_type: "plain", content });
  const messages = [
    ...(open && steps.review ? [error(steps.review, "requires_buyer_review")] : []),
    ...(open ? [error(steps.pay, "requires_buyer_input")] : []),
    ...(opts.refused ?? []).map((kind) => ({ type: "error", code: "unsupported", resolution: "requires_buyer_input", content_type: "plain", content: refusalText(kind, url) })),
    ...(opts.testMode ? [{ type: "info", severity: "info", content_type: "plain", content: opts.testMode }] : []),
  ];
  return {
    id: s.id,
    protocol: { version: ACP_VERSION },
    capabilities: {},
    status,
    currency: s.currency,
    line_items: [
      {
        id: "li_1",
        item: { id: s.productId, name: s.productName, unit_amount: s.amount },
        quantity: 1,
        name: s.productName,
        description: describePrice(s),
        unit_amount: s.amount,
        product_id: s.productId,
        totals,
      },
    ],
    fulfillment_options: [],
    totals,
    messages,
    links: [{ type: "terms_of_use", title: "Subscription terms", url: termsUrl(agentUrl) }],
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
    ...(open ? { continue_url: url } : {}),
    ...(s.status === "completed" && s.orderId
      ? { order: { type: "order", id: s.orderId, checkout_session_id: s.id, permalink_url: receiptUrl(agentUrl, s.id), status: "confirmed" } }
      : {}),
  };
}
