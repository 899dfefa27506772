/**
 * The buyer accepted the subscription terms on the store's start page: open the processor's hosted checkout for the
 * session's price (Stripe Checkout in subscription mode, or the stand-in's page) and remember it. Nothing is
 * charged here; the processor's signed webhook confirms the order. A buyer who comes back the same day is sent to the
 * page already opened, so one session never makes more than one processor checkout a day, however often it is posted.
 */

import { ApiError } from "../errors.js";
import type { Services } from "../services.js";
import { commerceOf } from "./commerce.js";
import { getCheckout } from "./checkout-actions.js";
import { isExpired, recentHostedCheckout, recordTermsAccepted } from "./store/checkout-sessions.js";
import { continueUrl, receiptUrl } from "./store-urls.js";

/** Less than the lifetime of a hosted page (Stripe's and the stand-in's: 24 hours). */
const REUSE_MS = 20 * 3600 * 1000;

export async function acceptTerms(services: Services, id: string): Promise<{ url: string }> {
  const session = await getCheckout(services, id);
  if (session.status !== "open" || isExpired(session)) throw new ApiError("conflict", `This checkout is ${session.status === "open" ? "expired" : session.status}.`);
  const again = recentHostedCheckout(session, REUSE_MS);
  if (again) return { url: again };
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
  const { count } = await recordTermsAccepted(services.db, session.id, hosted);
  if (!count) throw new ApiError("conflict", "This checkout was canceled or completed meanwhile.");
  return { url: hosted.url };
}
