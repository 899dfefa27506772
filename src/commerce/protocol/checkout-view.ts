/** A checkout session for the MCP tool `create_checkout`: the protocol-neutral facts an agent needs. */
import { pendingSteps, shownStatus } from "../checkout-status.js";
import { describePrice } from "../describe-price.js";
import { refusalText, type RefusedPayment } from "../refuse-payment.js";
import type { CheckoutRecord } from "../store/checkout-sessions.js";
import { continueUrl, termsUrl } from "../store-urls.js";

export function checkoutView(s: CheckoutRecord, agentUrl: string, opts: { refused?: RefusedPayment[]; testMode?: string | null } = {}) {
  const status = shownStatus(s);
  const url = continueUrl(agentUrl, s.id);
  const steps = pendingSteps(s, url);
  return {
    id: s.id,
    status,
    ...(status === "requires_escalation" ? { continue_url: url } : {}),
    offer: { product_id: s.productId, name: s.productName, price_id: s.priceId, amount: s.amount, currency: s.currency, interval: s.interval, interval_count: s.intervalCount, trial_days: s.trialDays, price: describePrice(s) },
    terms_url: termsUrl(agentUrl),
    expires_at: s.expiresAt.toISOString(),
    messages: [
      ...(status === "requires_escalation" ? [steps.review, steps.pay].filter((m): m is string => Boolean(m)) : []),
      ...(opts.refused ?? []).map((kind) => refusalText(kind, url)),
      ...(opts.testMode ? [opts.testMode] : []),
    ],
  };
}
