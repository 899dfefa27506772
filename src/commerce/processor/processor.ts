/**
 * The payment processor behind purchasing: Stripe (STRIPE_SECRET_KEY) or the local test-mode stand-in. Both read
 * offers, open a hosted checkout page, and sign their webhooks with Stripe's `Stripe-Signature` scheme, so one
 * verification path (read-event.ts) serves both.
 */
export type Interval = "day" | "week" | "month" | "year";

export interface OfferPrice {
  /** The processor's price id. */
  id: string;
  /** In the currency's smallest unit. */
  amount: number;
  /** ISO 4217, lowercase. */
  currency: string;
  interval: Interval;
  intervalCount: number;
  /** Days of free trial, 0 for none. */
  trialDays: number;
  active: boolean;
}

export interface Offer {
  /** The processor's product id. */
  id: string;
  name: string;
  description: string;
  active: boolean;
  /** Recurring prices only. */
  prices: OfferPrice[];
}

export interface HostedCheckoutRequest {
  /** Our checkout session id, carried as the processor session's reference (`client_reference_id`). */
  reference: string;
  priceId: string;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
}

export interface HostedCheckout {
  /** The processor's checkout session id. */
  id: string;
  /** The processor-hosted page the buyer pays on. */
  url: string;
}

export interface PaymentProcessor {
  /** `stripe`, or `test` for the local stand-in (labelled test mode on every page and document). */
  readonly mode: "stripe" | "test";
  /** Active and inactive products with their recurring prices. */
  listOffers(): Promise<Offer[]>;
  startHostedCheckout(request: HostedCheckoutRequest): Promise<HostedCheckout>;
  /** The secret the processor's webhooks are signed with (`Stripe-Signature`). */
  readonly webhookSecret: string;
}
