/**
 * Stripe mode (STRIPE_SECRET_KEY set): the official `stripe` package talks to a loopback stand-in that follows
 * Stripe's published OpenAPI description (PATCHBAY_STRIPE_API_URL sets the package's host/port/protocol). Offers
 * come from Stripe's products and recurring prices; accepting the terms opens a Checkout Session in subscription mode
 * for the session's price; only a webhook signed with STRIPE_WEBHOOK_SECRET (made here with
 * `stripe.webhooks.generateTestHeaderString`) confirms the order; price and product events refresh the offers.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { startStripeStandIn, stripePrice, stripeProduct, type StripeStandIn } from "./support/stripe-stand-in.js";
import { acpHeaders, completedEvent, createAcp, createUcp, sendWebhook, callAcp } from "./support/agent-calls.js";
import { assertAcpSession, assertUcpCheckout } from "./support/protocol-validators.js";

const KEY = "sk_test_patchbayStandIn123";
const WEBHOOK_SECRET = "whsec_patchbay_test_secret_123";
let stripe: StripeStandIn;
let server: TestServer;

beforeAll(async () => {
  stripe = await startStripeStandIn(KEY);
  stripe.products.push(stripeProduct("prod_Pro", "Patchbay Pro", "Everything, for one team."), { ...stripeProduct("prod_Old", "Patchbay Legacy", "Retired."), active: false });
  stripe.prices.push(stripePrice("price_pro_month", "prod_Pro", 2900, "month", 7), stripePrice("price_pro_year", "prod_Pro", 29000, "year", null));
  server = await startTestServer({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PATCHBAY_STRIPE_API_URL: stripe.url, PATCHBAY_OFFERS_TTL_SECONDS: "3600" });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  expect(stripe.violations).toEqual([]);
});

/** The buyer accepts the terms on the start page (a plain form post, as the page's form sends it). */
const acceptTerms = (continueUrl: string, accept = true) =>
  fetch(continueUrl.replace(server.service.services.config.agentUrl, server.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: accept ? "accept_terms=yes" : "",
    redirect: "manual",
  });

describe("Stripe mode", () => {
  it("lists Stripe's active products with their recurring prices and trials, not labelled test mode", async () => {
    const res = await server.call("GET", "/agent/commerce/products", { key: null });
    expect(res.status).toBe(200);
    expect(res.body.processor).toBe("stripe");
    expect(res.body.products).toEqual([
      {
        id: "prod_Pro",
        name: "Patchbay Pro",
        description: "Everything, for one team.",
        available: true,
        prices: [
          { id: "price_pro_month", amount: 2900, currency: "eur", interval: "month", intervalCount: 1, trialDays: 7, active: true },
          { id: "price_pro_year", amount: 29000, currency: "eur", interval: "year", intervalCount: 1, trialDays: 0, active: true },
        ],
      },
    ]);
  });

  it("accepting the terms opens a Stripe Checkout Session in subscription mode for the session's price, and sends the buyer there", async () => {
    const created = await createUcp(server, "price_pro_month");
    assertUcpCheckout(created.body);
    expect(created.body.messages.some((m: { content: string }) => /TEST MODE/.test(m.content))).toBe(false);
    const refused = await acceptTerms(created.body.continue_url, false);
    expect(refused.status).toBe(400);
    expect(stripe.checkoutRequests).toHaveLength(0);
    const res = await acceptTerms(created.body.continue_url);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const agentUrl = server.service.services.config.agentUrl;
    expect(stripe.checkoutRequests.at(-1)).toMatchObject({
      mode: "subscription",
      line_items: [{ price: "price_pro_month", quantity: "1" }],
      client_reference_id: created.body.id,
      success_url: `${agentUrl}/store/checkout/${created.body.id}/receipt`,
      cancel_url: `${agentUrl}/store/checkout/${created.body.id}`,
      subscription_data: { trial_period_days: "7" },
    });
    // Accepting again (a reload, a double click) sends the buyer to the same page, without another Stripe session.
    const again = await acceptTerms(created.body.continue_url);
    expect(again.headers.get("location")).toBe(res.headers.get("location"));
    expect(stripe.checkoutRequests).toHaveLength(1);
  });

  it("confirms the order only from an event signed with STRIPE_WEBHOOK_SECRET", async () => {
    const created = await createAcp(server, "price_pro_year");
    await acceptTerms(created.body.continue_url);
    const event = completedEvent(`evt_${randomUUID()}`, created.body.id, "cs_test_any", "stripe-buyer@example.com");
    expect((await sendWebhook(server, event, "whsec_someone_else")).status).toBe(400);
    expect((await sendWebhook(server, event, WEBHOOK_SECRET)).status).toBe(200);
    const read = await callAcp(server, "GET", `/checkout_sessions/${created.body.id}`, { key: null, headers: { "API-Version": "2026-04-17" } });
    assertAcpSession(read.body);
    expect(read.body.status).toBe("completed");
    const [mail] = await server.service.services.db.outboxEmail.findMany({ where: { topic: `receipt:${created.body.id}` } });
    expect(mail?.subject).toBe("Your Patchbay subscription: Patchbay Pro");
    expect(mail?.text).not.toContain("TEST MODE");
  });

  it("refreshes the offers at once on a signed price event (the cache would keep them an hour)", async () => {
    stripe.prices[0] = { ...stripe.prices[0]!, unit_amount: 3900, unit_amount_decimal: "3900" };
    const cached = await server.call("GET", "/agent/commerce/products", { key: null });
    expect(cached.body.products[0].prices[0].amount).toBe(2900);
    const event = { id: `evt_${randomUUID()}`, object: "event", type: "price.updated", created: Math.floor(Date.now() / 1000), livemode: false, data: { object: stripe.prices[0] } };
    expect(await (await sendWebhook(server, event, WEBHOOK_SECRET)).json()).toMatchObject({ outcome: "offers_refreshed" });
    const fresh = await server.call("GET", "/agent/commerce/products", { key: null });
    expect(fresh.body.products[0].prices[0].amount).toBe(3900);
  });

  it("a Stripe outage is a 502 naming the processor, for the products and for a new checkout", async () => {
    stripe.failWith = 500;
    const changed = { id: `evt_${randomUUID()}`, object: "event", type: "product.updated", created: Math.floor(Date.now() / 1000), livemode: false, data: { object: stripe.products[0] } };
    await sendWebhook(server, changed, WEBHOOK_SECRET); // drops the cached offers
    try {
      const products = await server.call("GET", "/agent/commerce/products", { key: null });
      expect(products.status).toBe(502);
      expect(products.body.error).toMatchObject({ code: "upstream_error", message: expect.stringMatching(/Stripe/) });
      const created = await callAcp(server, "POST", "/checkout_sessions", { key: null, headers: acpHeaders(), body: { line_items: [{ id: "prod_Pro" }] } });
      expect(created.status).toBe(502);
      expect(created.body).toMatchObject({ type: "processing_error", code: "upstream_error" });
    } finally {
      stripe.failWith = null;
    }
  });
});
