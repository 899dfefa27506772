/**
 * The offers as the processor has them now, kept for a short time (PATCHBAY_OFFERS_TTL_SECONDS) and dropped at
 * once when the processor reports a product or price change. Concurrent readers share one fetch.
 */
import type { Offer, OfferPrice, PaymentProcessor } from "./processor/processor.js";

export interface OfferCache {
  list(): Promise<Offer[]>;
  /** An item id of a checkout: a product id (its first active price) or a price id. */
  find(itemId: string): Promise<{ offer: Offer; price: OfferPrice } | { offer: Offer; price: null } | null>;
  invalidate(): void;
}

/** Active and with an active recurring price: can be bought now. */
export const isAvailable = (offer: Offer) => offer.active && offer.prices.some((p) => p.active);

export function offerCache(processor: PaymentProcessor, ttlMs: number): OfferCache {
  let cached: { at: number; offers: Promise<Offer[]> } | null = null;
  const list = () => {
    if (!cached || Date.now() - cached.at >= ttlMs) {
      const offers = processor.listOffers();
      const entry = { at: Date.now(), offers };
      cached = entry;
      offers.catch(() => {
        if (cached === entry) cached = null; // a failed read is not kept
      });
    }
    return cached.offers;
  };
  return {
    list,
    invalidate: () => {
      cached = null;
    },
    async find(itemId) {
      for (const offer of await list()) {
        if (offer.id === itemId) return { offer, price: offer.active ? (offer.prices.find((p) => p.active) ?? null) : null };
        const price = offer.prices.find((p) => p.id === itemId);
        if (price) return { offer, price: offer.active && price.active ? price : null };
      }
      return null;
    },
  };
}
