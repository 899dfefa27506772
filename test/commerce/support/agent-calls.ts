/** The calls an agent makes to start a purchase, with the headers each protocol asks for. */
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import type { TestServer } from "../../helpers/server.js";
import type { CallOptions } from "../../helpers/http.js";
import { assertAcpError, assertAcpSession, assertUcpCheckout, assertUcpError } from "./protocol-validators.js";
import { commerceOf } from "../../../src/commerce/commerce.js";

export const UCP_AGENT = 'profile="https://agent.example/.well-known/ucp"';
export const ucpHeaders = (key: string = randomUUID()) => ({ "UCP-Agent": UCP_AGENT, "Idempotency-Key": key });
export const acpHeaders = (key: string = randomUUID()) => ({ "API-Version": "2026-04-17", "Idempotency-Key": key });

/**
 * A UCP call (path under /agent/commerce/ucp), without a key; besides the contract check of every test call, the
 * answer must validate against the published UCP schema: a checkout on success, an error response otherwise.
 */
export async function callUcp(server: TestServer, method: string, path: string, opts: CallOptions = {}) {
  const res = await server.call(method, `/agent/commerce/ucp${path}`, { key: null, ...opts });
  (res.status < 300 ? assertUcpCheckout : assertUcpError)(res.body);
  return res;
}

/** An ACP call (path under /agent/commerce/acp), validated against ACP's CheckoutSession (or Error) besides the contract. */
export async function callAcp(server: TestServer, method: string, path: string, opts: CallOptions = {}) {
  const res = await server.call(method, `/agent/commerce/acp${path}`, { key: null, ...opts });
  (res.status < 300 ? assertAcpSession : assertAcpError)(res.body);
  return res;
}

export const createUcp = (server: TestServer, itemId: string, headers = ucpHeaders()) =>
  callUcp(server, "POST", "/checkout-sessions", { headers, body: { line_items: [{ item: { id: itemId }, quantity: 1 }] } });

export const createAcp = (server: TestServer, itemId: string, headers = acpHeaders()) =>
  callAcp(server, "POST", "/checkout_sessions", { headers, body: { line_items: [{ id: itemId }], currency: "usd", capabilities: {} } });

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
