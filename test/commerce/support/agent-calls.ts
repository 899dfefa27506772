/** The calls an agent makes to start a purchase, with the headers each protocol asks for. */
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import type { TestServer } from "../../helpers/server.js";
import { commerceOf } from "../../../src/commerce/commerce.js";

export const UCP_AGENT = 'profile="https://agent.example/.well-known/ucp"';
export const ucpHeaders = (key: string = randomUUID()) => ({ "UCP-Agent": UCP_AGENT, "Idempotency-Key": key });
export const acpHeaders = (key: string = randomUUID()) => ({ "API-Version": "2026-04-17", "Idempotency-Key": key });

export const createUcp = (server: TestServer, itemId: string, headers = ucpHeaders()) =>
  server.call("POST", "/agent/commerce/ucp/checkout-sessions", { key: null, headers, body: { line_items: [{ item: { id: itemId }, quantity: 1 }] } });

export const createAcp = (server: TestServer, itemId: string, headers = acpHeaders()) =>
  server.call("POST", "/agent/commerce/acp/checkout_sessions", { key: null, headers, body: { line_items: [{ id: itemId }], currency: "usd", capabilities: {} } });

/** A webhook as the stand-in processor (or Stripe) would send it, signed with the official package's test helper. */
export async function sendWebhook(server: TestServer, event: Record<string, unknown>, secret = commerceOf(server.service.services).processor.webhookSecret) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(`${server.url}/commerce/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
}

export const completedEvent = (id: string, reference: string, processorSessionId: string, email: string) => ({
  id,
  object: "event",
  type: "checkout.session.completed",
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: { object: { id: processorSessionId, object: "checkout.session", mode: "subscription", status: "complete", payment_status: "paid", client_reference_id: reference, customer_details: { email } } },
});
