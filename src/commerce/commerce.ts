/**
 * The purchasing runtime of a running service: its payment processor (Stripe when STRIPE_SECRET_KEY is set, else the
 * local test-mode stand-in) and the offers cache. Made on first use, one per service.
 */
import type { Services } from "../services.js";
import { offerCache, type OfferCache } from "./offers.js";
import type { PaymentProcessor } from "./processor/processor.js";
import type { MailSender } from "./mail/smtp-sender.js";
import { stripeProcessor } from "./processor/stripe-processor.js";
import { standInProcessor } from "./processor/stand-in/stand-in-processor.js";

export interface Commerce {
  processor: PaymentProcessor;
  offers: OfferCache;
  /** The outbox's SMTP sender, when SMTP_URL is set and the routes are started. */
  mailer?: MailSender | null;
}

const runtimes = new WeakMap<object, Commerce>();

export function commerceOf(services: Services): Commerce {
  const { config } = services;
  let commerce = runtimes.get(config);
  if (!commerce) {
    const processor = config.commerce.stripeSecretKey
      ? stripeProcessor(config.commerce)
      : standInProcessor({ dataDir: config.dataDir, secrets: services.secrets, pageBase: () => config.agentUrl });
    commerce = { processor, offers: offerCache(processor, config.commerce.offersTtlMs) };
    runtimes.set(config, commerce);
  }
  return commerce;
}

/** The label every page and document of the stand-in carries. */
export const TEST_MODE_NOTICE = "TEST MODE: the local payment processor stand-in is in use (no STRIPE_SECRET_KEY). No real payment is taken.";
