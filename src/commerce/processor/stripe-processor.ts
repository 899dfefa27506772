/**
 * Stripe, through the official `stripe` package: active products and their recurring prices, and Checkout Sessions
 * in subscription mode (the buyer's e-mail and payment are collected on Stripe's page). PATCHBAY_STRIPE_API_URL
 * points the package at another address (the loopback stand-in of the tests) through its host/port/protocol options.
 */
import type Stripe from "stripe";
import type { CommerceConfig } from "../../config.js";
import { ApiError } from "../../errors.js";
import type { HostedCheckout, HostedCheckoutRequest, Interval, Offer, OfferPrice, PaymentProcessor } from "./processor.js";

/** The `stripe` package, loaded on first use (it is large; a start that sells nothing yet need not wait for it). */
let loaded: Promise<typeof import("stripe").default> | null = null;
const loadStripe = () => (loaded ??= import("stripe").then((m) => m.default));

export function stripeProcessor(config: CommerceConfig): PaymentProcessor {
  const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
  let client: Promise<Stripe> | null = null;
  const stripeClient = () => (client ??= loadStripe().then((StripeLib) => new StripeLib(config.stripeSecretKey!, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: "Patchbay" },
    ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol.replace(":", "") as "http" | "https" } : {}),
  })));
  return {
    mode: "stripe",
    webhookSecret: config.stripeWebhookSecret!,
    async listOffers(): Promise<Offer[]> {
      try {
        const stripe = await stripeClient();
        const prices = new Map<string, OfferPrice[]>();
        for await (const price of stripe.prices.list({ active: true, type: "recurring", limit: 100 })) {
          const product = typeof price.product === "string" ? price.product : price.product.id;
          if (!price.recurring || price.unit_amount === null) continue; // metered or custom amounts cannot be sold here
          prices.set(product, [...(prices.get(product) ?? []), offerPrice(price)]);
        }
        const offers: Offer[] = [];
        for await (const product of stripe.products.list({ active: true, limit: 100 })) {
          offers.push({ id: product.id, name: product.name, description: product.description ?? "", active: product.active, prices: prices.get(product.id) ?? [] });
        }
        return offers;
      } catch (err) {
        throw await stripeFailure("listing products and prices", err);
      }
    },
    async startHostedCheckout(request: HostedCheckoutRequest): Promise<HostedCheckout> {
      try {
        const stripe = await stripeClient();
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          line_items: [{ price: request.priceId, quantity: 1 }],
          client_reference_id: request.reference,
          metadata: { patchbay_checkout_session: request.reference },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          ...(request.trialDays > 0 ? { subscription_data: { trial_period_days: request.trialDays } } : {}),
        });
        if (!session.url) throw new Error("Stripe returned a checkout session without a url");
        return { id: session.id, url: session.url };
      } catch (err) {
        throw await stripeFailure("creating the checkout session", err);
      }
    },
  };
}

function offerPrice(price: Stripe.Price): OfferPrice {
  const trial = price.recurring?.trial_period_days ?? Number(price.metadata?.trial_days ?? 0);
  return {
    id: price.id,
    amount: price.unit_amount ?? 0,
    currency: price.currency.toLowerCase(),
    interval: price.recurring!.interval as Interval,
    intervalCount: price.recurring!.interval_count,
    trialDays: Number.isInteger(trial) && trial > 0 ? trial : 0,
    active: price.active,
  };
}

async function stripeFailure(doing: string, err: unknown): Promise<ApiError> {
  const { errors } = await loadStripe();
  const message = err instanceof errors.StripeError ? err.message : (err as Error).message;
  const status = err instanceof errors.StripeError ? err.statusCode : undefined;
  return new ApiError("upstream_error", `The payment processor (Stripe) failed while ${doing}: ${message}`, { upstreamStatus: status });
}
