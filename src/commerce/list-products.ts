/** The offers as GET /agent/commerce/products shows them, with live availability. */
import type { Services } from "../services.js";
import { commerceOf } from "./commerce.js";
import { isAvailable } from "./offers.js";

export async function listProducts(services: Services) {
  const offers = await commerceOf(services).offers.list();
  return offers.map((offer) => ({ id: offer.id, name: offer.name, description: offer.description, prices: offer.prices, available: isAvailable(offer) }));
}
