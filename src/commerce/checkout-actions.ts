/** What an agent can do to an existing checkout session, whatever the door: read, change the offer, complete, cancel. */
import { ApiError } from "../errors.js";
import type { Services } from "../services.js";
import { priceOf } from "./create-checkout.js";
import { cancelOpenCheckout, findCheckout, isExpired, repriceCheckout, type CheckoutRecord } from "./store/checkout-sessions.js";

export async function getCheckout(services: Services, id: string): Promise<CheckoutRecord> {
  const session = await findCheckout(services.db, id);
  if (!session) throw new ApiError("not_found", `No checkout session '${id}'.`);
  return session;
}

/** Another offer for an open session, as long as the buyer has not gone on to pay. */
export async function changeOffer(services: Services, id: string, itemId: string): Promise<CheckoutRecord> {
  const session = await getCheckout(services, id);
  if (session.status !== "open" || isExpired(session)) throw new ApiError("conflict", `Checkout session '${id}' is ${session.status === "open" ? "expired" : session.status}: create a new one.`);
  const price = await priceOf(services, itemId);
  const changed = await repriceCheckout(services.db, id, price);
  if (!changed) throw new ApiError("conflict", `The buyer of checkout session '${id}' has already gone on to pay, so its offer cannot change: create a new session for another offer.`);
  return changed;
}

/**
 * Completing through the API never takes a payment: the session is returned as it is, with its continue_url while
 * open. The processor's signed webhook is what completes it.
 */
export const completeCheckout = (services: Services, id: string) => getCheckout(services, id);

/** Cancels an open (or expired) session; a canceled one stays so. `completed`: the buyer has paid, nothing changes. */
export async function cancelCheckout(services: Services, id: string): Promise<{ session: CheckoutRecord; refused: "completed" | null }> {
  const session = await getCheckout(services, id);
  if (session.status === "completed") return { session, refused: "completed" };
  if (session.status === "open") await cancelOpenCheckout(services.db, id);
  return { session: await getCheckout(services, id), refused: null };
}
