/**
 * The buyer accepted the subscription terms on the store's start page: open the processor's hosted checkout for the
 * session's price (Stripe Checkout in subscription mode, or the stand-in's page) and remember it. Nothing is
 * charged here; the processor's signed webhook confirms the order.
 */
import { ApiError } from "../errors.js";
import type { Services } from "../services.js";
import { commerceOf } from "./commerce.js";
import { getCheckout } from "./checkout-actions.js";
import { isExpired, recordTermsAccepted } from "./store/checkout-sessions.js";
import { continueUrl, receiptUrl } from "./store-urls.js";

export async function acceptTerms(services: Services, id: string): Promise<{ url: string }> {
  const session = await getCheckout(services, id);
  if (session.status !== "open" || isExpired(session)) throw new ApiError("conflict", `This checkout is ${session.status === "open" ? "expired" : session.status}.`);
  const commerce = commerceOf(services);
  const found = await commerce.offers.find(session.priceId);
  if (!found?.price) throw new ApiError("conflict", `${session.productName} cannot be bought at this price any more. Ask your agent to start a new checkout.`);
  const { agentUrl } = services.config;
  const hosted = await commerce.processor.startHostedCheckout({
    reference: session.id,
    priceId: session.priceId,
    trialDays: session.trialDays,
    successUrl: receiptUrl(agentUrl, session.id),
    cancelUrl: continueUrl(agentUrl, session.id),
  });
  const { count } = await recordTermsAccepted(services.db, session.id, hosted.id);
  if (!count) throw new ApiError("conflict", "This checkout was canceled or completed meanwhile.");
  return { url: hosted.url };
}
