/**
 * Stripe: a webhook endpoint registered through the account's connection (POST /v1/webhook_endpoints, whose answer
 * carries the endpoint's signing secret); requests are checked with `Stripe-Signature` (`t=<timestamp>,v1=<hex
 * HMAC-SHA256 of "<timestamp>.<body>">`, at most 5 minutes old). Removed with DELETE /v1/webhook_endpoints/{id}.
 */
import { ApiError } from "../../errors.js";
import { anyMatches, badSignature, checkTimestamp, headerOf, hmacHex } from "../signature.js";
import type { WebhookProvider, WebhookType } from "../types/trigger-type.js";
import { callProvider } from "./call-provider.js";
import { eventOf, ignored } from "./received.js";
import { parseJsonBody } from "./parse-json.js";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

export const stripeProvider: WebhookProvider = {
  app: "stripe",
  needsConnection: true,

  async register({ services, accountId, connectionId, triggerId, type, inboundUrl }) {
    const answer = await callProvider(services, accountId, "stripe", {
      method: "POST",
      path: "/v1/webhook_endpoints",
      headers: FORM,
      body: { url: inboundUrl, enabled_events: [type.event], description: `Patchbay trigger ${triggerId}` },
      connection: connectionId ?? undefined,
    }, "register a webhook endpoint");
    const { id, secret } = (answer.body ?? {}) as { id?: unknown; secret?: unknown };
    if (typeof id !== "string" || typeof secret !== "string") throw new ApiError("upstream_error", "Stripe registered the webhook endpoint but its answer has no id or secret.");
    return { registration: { endpointId: id }, secret };
  },

  async remove({ services, accountId, connectionId, registration }) {
    try {
      await callProvider(services, accountId, "stripe", { method: "DELETE", path: `/v1/webhook_endpoints/${encodeURIComponent(String(registration.endpointId))}`, connection: connectionId ?? undefined }, "remove the webhook endpoint");
    } catch (err) {
      if (!(err instanceof ApiError && err.upstreamStatus === 404)) throw err; // already gone
    }
  },

  receive(req, type, secret) {
    const header = headerOf(req.headers, "stripe-signature") ?? "";
    const pairs = header.split(",").map((p) => p.trim().split("=", 2) as [string, string | undefined]);
    const timestamp = checkTimestamp("Stripe", pairs.find(([k]) => k === "t")?.[1]);
    const candidates = pairs.filter(([k, v]) => k === "v1" && v).map(([, v]) => v!);
    if (!candidates.length) throw badSignature("Stripe", "Stripe-Signature has no v1 signature");
    if (!anyMatches(hmacHex(secret, `${timestamp}.`, req.rawBody), candidates)) throw badSignature("Stripe", "Stripe-Signature does not match the body");
    const body = parseJsonBody("Stripe", req.rawBody);
    if (body.type !== type.event) return ignored(`${String(body.type)} is not ${type.event}`);
    return eventOf(body);
  },
};

const example = (event: string, object: Record<string, unknown>) => ({
  id: "evt_1PZ3Jk2eZvKYlo2C0aBcDeFg",
  object: "event",
  api_version: "2024-06-20",
  created: 1776182400,
  type: event,
  livemode: false,
  data: { object },
});

const paymentIntent = { id: "pi_3PZ3Jk2eZvKYlo2C1xYzAbCd", object: "payment_intent", amount: 2000, currency: "usd", customer: "cus_Q1w2e3r4t5y6u7", description: "Order #1042", metadata: {} };

const type = (event: string, name: string, description: string, object: Record<string, unknown>): WebhookType => ({
  id: `stripe.${event}`,
  app: "stripe",
  name,
  description,
  delivery: "webhook",
  event,
  provider: stripeProvider,
  configSchema: { type: "object", properties: {}, additionalProperties: false },
  examplePayload: example(event, object),
});

export const stripeTypes: WebhookType[] = [
  type("payment_intent.succeeded", "Payment succeeded", "A payment (PaymentIntent) succeeds.", { ...paymentIntent, status: "succeeded", amount_received: 2000 }),
  type("payment_intent.payment_failed", "Payment failed", "A payment attempt (PaymentIntent) fails.", { ...paymentIntent, status: "requires_payment_method", last_payment_error: { code: "card_declined", message: "Your card was declined." } }),
  type("charge.refunded", "Charge refunded", "A charge is refunded, fully or in part.", { id: "ch_3PZ3Jk2eZvKYlo2C1aBcDeFg", object: "charge", amount: 2000, amount_refunded: 2000, currency: "usd", refunded: true, payment_intent: paymentIntent.id }),
  type("checkout.session.completed", "Checkout completed", "A customer completes a Stripe Checkout session.", { id: "cs_test_a1b2c3", object: "checkout.session", amount_total: 2000, currency: "usd", payment_status: "paid", customer: paymentIntent.customer }),
];
