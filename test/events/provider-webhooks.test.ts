/**
 * Slack and Stripe webhooks: each provider's own signature scheme is checked before anything is stored (Slack's
 * `v0` signature and Stripe's `Stripe-Signature`, both with a 5-minute timestamp window), Slack's URL challenge is
 * answered, and Stripe's endpoint is registered (and removed) through the account's connection.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { descriptionPath, startApiStandIn, type ApiStandIn } from "../fixtures/providers/index.js";
import { configureApp } from "../../src/domain/app-settings.js";
import { startReceiver, type Receiver } from "./support/receiver.js";

let server: TestServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
let stripe: ApiStandIn;
let to: Receiver;

beforeAll(async () => {
  server = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true" });
  account = await server.newAccount();
  stripe = await startApiStandIn({ description: descriptionPath("stripe"), auth: { type: "bearer", value: "sk_test_patchbay" } });
  await configureApp(server.service.services.db, server.service.services.secrets, "stripe", { baseUrl: stripe.baseUrl });
  to = await startReceiver();
});
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
  await to?.stop();
});

const hmac = (key: string, data: string) => createHmac("sha256", key).update(data).digest("hex");
const now = () => String(Math.floor(Date.now() / 1000));
const post = (url: string, body: string, headers: Record<string, string>) => fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
const events = async (trigger: string) => (await server.call("GET", `/api/v1/events?trigger=${trigger}`, { key: account.key })).body;

describe("a Slack message trigger", () => {
  const signingSecret = "8f742231b10e8888abcd99yyyzzz85a5";
  const slackHeaders = (body: string, ts = now(), secret = signingSecret) => ({ "x-slack-request-timestamp": ts, "x-slack-signature": `v0=${hmac(secret, `v0:${ts}:${body}`)}` });
  let trigger: { id: string; inboundUrl: string; config: Record<string, unknown> };

  beforeAll(async () => {
    const res = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { type: "slack.message.posted", config: { signingSecret, channel: "C024BE91L" }, webhookUrl: to.url } });
    expect(res.status).toBe(201);
    trigger = res.body.trigger;
  });

  it("keeps the Slack signing secret sealed, out of the trigger's config", async () => {
    expect(trigger.config).toEqual({ channel: "C024BE91L" });
    const rows = JSON.stringify(await server.service.services.db.trigger.findMany());
    expect(rows).not.toContain(signingSecret);
    const missing = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { type: "slack.message.posted", config: {}, webhookUrl: "https://example.com/x" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain("config.signingSecret is required");
  });

  it("answers Slack's URL verification challenge", async () => {
    const body = JSON.stringify({ type: "url_verification", challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" });
    const res = await post(trigger.inboundUrl, body, slackHeaders(body));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" });
  });

  it("refuses a wrong signature and a stale timestamp, storing nothing", async () => {
    const body = JSON.stringify({ type: "event_callback", event: { type: "message", channel: "C024BE91L", text: "forged" } });
    const wrong = await post(trigger.inboundUrl, body, slackHeaders(body, now(), "not-the-secret"));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.message).toContain("Slack signature");
    const stale = String(Math.floor(Date.now() / 1000) - 301);
    const old = await post(trigger.inboundUrl, body, slackHeaders(body, stale));
    expect(old.status).toBe(401);
    expect((await old.json()).error.message).toContain("5 minutes");
    expect(await events(trigger.id)).toEqual([]);
  });

  it("stores a signed message of the channel, and ignores other channels and message subtypes", async () => {
    const message = (channel: string, extra = {}) => JSON.stringify({ type: "event_callback", team_id: "T061EG9R6", event: { type: "message", channel, user: "U2147483697", text: "Deploy finished", ts: "1355517523.000005", ...extra } });
    for (const body of [message("C0OTHER"), message("C024BE91L", { subtype: "channel_join" })]) {
      const res = await post(trigger.inboundUrl, body, slackHeaders(body));
      expect(res.status).toBe(200);
      expect((await res.json()).ignored).toBeTruthy();
    }
    const body = message("C024BE91L");
    const res = await post(trigger.inboundUrl, body, slackHeaders(body));
    expect(res.status).toBe(202);
    const [event] = await events(trigger.id);
    expect(event).toMatchObject({ type: "slack.message.posted", payload: JSON.parse(body) });
  });
});

describe("a Stripe payment trigger", () => {
  const endpointSecret = "whsec_stripe_endpoint_secret_1234567890";

  it("registers a webhook endpoint through the connection, checks Stripe-Signature, and removes the endpoint on delete", async () => {
    const link = await server.call("POST", "/api/v1/apps/stripe/connect", { key: account.key, body: {} });
    const form = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ secret: "sk_test_patchbay" }), redirect: "manual" });
    expect(await form.text()).toContain("Stripe is connected");
    stripe.setResponse("POST /v1/webhook_endpoints", { status: 200, body: { id: "we_1PZ3Jk2eZvKYlo2C", object: "webhook_endpoint", secret: endpointSecret, enabled_events: ["payment_intent.succeeded"] } });

    const res = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { type: "stripe.payment_intent.succeeded", webhookUrl: to.url } });
    expect(res.status).toBe(201);
    const { trigger } = res.body;
    const registration = stripe.requests.find((r) => r.method === "POST" && r.path === "/v1/webhook_endpoints")!;
    expect(registration.status).toBe(200);
    expect(String(registration.headers["content-type"])).toContain("application/x-www-form-urlencoded");
    expect(registration.body).toMatchObject({ url: trigger.inboundUrl });

    const event = { id: "evt_3PZ", object: "event", type: "payment_intent.succeeded", data: { object: { id: "pi_1", amount: 2000 } } };
    const body = JSON.stringify(event);
    const ts = now();
    const forged = await post(trigger.inboundUrl, body, { "stripe-signature": `t=${ts},v1=${hmac("whsec_other", `${ts}.${body}`)}` });
    expect(forged.status).toBe(401);
    const stale = String(Math.floor(Date.now() / 1000) - 600);
    expect((await post(trigger.inboundUrl, body, { "stripe-signature": `t=${stale},v1=${hmac(endpointSecret, `${stale}.${body}`)}` })).status).toBe(401);
    const other = JSON.stringify({ ...event, type: "customer.created" });
    expect((await post(trigger.inboundUrl, other, { "stripe-signature": `t=${ts},v1=${hmac(endpointSecret, `${ts}.${other}`)}` })).status).toBe(200);
    const ok = await post(trigger.inboundUrl, body, { "stripe-signature": `t=${ts},v1=${"0".repeat(64)},v1=${hmac(endpointSecret, `${ts}.${body}`)}` });
    expect(ok.status).toBe(202);
    expect(await events(trigger.id)).toEqual([expect.objectContaining({ type: "stripe.payment_intent.succeeded", payload: event })]);

    expect((await server.call("DELETE", `/api/v1/triggers/${trigger.id}`, { key: account.key })).status).toBe(200);
    expect(stripe.requests.some((r) => r.method === "DELETE" && r.path === "/v1/webhook_endpoints/we_1PZ3Jk2eZvKYlo2C")).toBe(true);
  });
});
