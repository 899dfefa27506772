/** Starts a checkout session for one offer (any door): the price is read from the processor and copied in. */
import { ApiError } from "../errors.js";
import type { Services } from "../services.js";
import { commerceOf } from "./commerce.js";
import { insertCheckout, type CheckoutRecord, type Door, type PriceSnapshot } from "./store/checkout-sessions.js";

export async function createCheckout(services: Services, door: Door, itemId: string): Promise<CheckoutRecord> {
  return insertCheckout(services.db, door, await priceOf(services, itemId));
}

/** The offer an item id names (a product id or a price id), as it can be bought now. */
export async function priceOf(services: Services, itemId: string): Promise<PriceSnapshot> {
  const found = await commerceOf(services).offers.find(itemId);
  const products = `${services.config.agentUrl}/agent/commerce/products`;
  if (!found) throw new ApiError("not_found", `No offer '${itemId}'. GET ${products} lists the offers (product ids) and their price ids.`);
  const { offer, price } = found;
  if (!price) throw new ApiError("conflict", `The offer '${itemId}' cannot be bought now (it is not active or has no active price). GET ${products} shows each offer's availability.`);
  return {
    productId: offer.id,
    productName: offer.name,
    priceId: price.id,
    amount: price.amount,
    currency: price.currency,
    interval: price.interval,
    intervalCount: price.intervalCount,
    trialDays: price.trialDays,
  };
}
