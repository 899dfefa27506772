/**
 * Checkout sessions through UCP and ACP, with the local test-mode processor stand-in: every session answers
 * requires_escalation with an absolute continue_url, complete never charges, payment material is refused with a
 * message, Idempotency-Key replays and conflicts, errors in each protocol's own shape; every answer validated
 * against the contract and against the published UCP / ACP schemas.
 */
import { readFile, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mcpClient } from "../helpers/mcp-client.js";
import { productsFile } from "../../src/commerce/processor/stand-in/products-file.js";
import { stableJson } from "../../src/commerce/protocol/idempotency.js";
import { acpHeaders, completedEvent, createAcp, createUcp, sendWebhook, UCP_AGENT, ucpHeaders, callUcp, callAcp } from "./support/agent-calls.js";
import { assertAcpError, assertAcpSession, assertUcpCheckout, assertUcpError, skipNotice } from "./support/protocol-validators.js";

let server: TestServer;
const STARTER = "prod_patchbay_starter";

beforeAll(async () => {
  server = await startTestServer({ PATCHBAY_OFFERS_TTL_SECONDS: "0" });
});
afterAll(() => server?.stop());

skipNotice("validating checkout answers against the UCP and ACP schemas");

describe("GET /agent/commerce/products", () => {
  it("lists the stand-in's Patchbay plans with prices, intervals, trials and availability, in test mode", async () => {
    const res = await server.call("GET", "/agent/commerce/products", { key: null });
    expect(res.status).toBe(200);
    expect(res.body.processor).toBe("test");
    const starter = res.body.products.find((p: { id: string }) => p.id === STARTER);
    expect(starter).toMatchObject({ name: "Patchbay Starter", available: true });
    expect(starter.prices).toContainEqual({ id: "price_patchbay_starter_monthly", amount: 1900, currency: "usd", interval: "month", intervalCount: 1, trialDays: 14, active: true });
  });

  it("follows the processor: an offer made inactive is shown unavailable and cannot be bought", async () => {
    const path = productsFile(server.dataDir);
    const original = await readFile(path, "utf8");
    try {
      const file = JSON.parse(original);
      file.products[1].active = false;
      await writeFile(path, JSON.stringify(file));
      const res = await server.call("GET", "/agent/commerce/products", { key: null });
      expect(res.body.products.find((p: { id: string }) => p.id === "prod_patchbay_team").available).toBe(false);
      const refused = await createUcp(server, "prod_patchbay_team");
      expect(refused.status).toBe(409);
      assertUcpError(refused.body);
      expect(refused.body.messages[0].content).toMatch(/cannot be bought now/);
    } finally {
      await writeFile(path, original);
    }
  });
});

describe("UCP checkout sessions", () => {
  it("refuses a call without UCP-Agent, in UCP's error shape", async () => {
    const res = await createUcp(server, STARTER, { "Idempotency-Key": randomUUID() } as never);
    expect(res.status).toBe(400);
    assertUcpError(res.body);
    expect(res.body.messages[0]).toMatchObject({ code: "ucp_agent_required", severity: "recoverable" });
  });

  it("refuses a create without Idempotency-Key", async () => {
    const res = await createUcp(server, STARTER, { "UCP-Agent": UCP_AGENT } as never);
    expect(res.status).toBe(400);
    expect(res.body.messages[0].code).toBe("idempotency_key_required");
  });

  it("answers 404 for an unknown offer and 400 for a malformed body, both in UCP's shape", async () => {
    const unknown = await createUcp(server, "prod_nope");
    expect(unknown.status).toBe(404);
    assertUcpError(unknown.body);
    const malformed = await callUcp(server, "POST", "/checkout-sessions", { key: null, headers: ucpHeaders(), body: { line_items: [] } });
    expect(malformed.status).toBe(400);
    assertUcpError(malformed.body);
  });

  it("creates a session that requires escalation, with an absolute continue_url and what the buyer must do", async () => {
    const res = await createUcp(server, STARTER);
    expect(res.status).toBe(201);
    assertUcpCheckout(res.body);
    expect(res.body.status).toBe("requires_escalation");
    expect(res.body.continue_url).toBe(`${server.service.services.config.agentUrl}/store/checkout/${res.body.id}`);
    expect(new URL(res.body.continue_url).protocol).toMatch(/^https?:$/);
    expect(res.body.messages.map((m: { severity?: string }) => m.severity)).toEqual(expect.arrayContaining(["requires_buyer_review", "requires_buyer_input"]));
    expect(res.body.line_items[0]).toMatchObject({ item: { id: STARTER, price: 1900 }, quantity: 1 });
    expect(res.body.messages.some((m: { content: string }) => /TEST MODE/.test(m.content))).toBe(true);
    const read = await callUcp(server, "GET", `/checkout-sessions/${res.body.id}`, { key: null, headers: { "UCP-Agent": UCP_AGENT } });
    expect(read.status).toBe(200);
    assertUcpCheckout(read.body);
    expect(read.body.continue_url).toBe(res.body.continue_url);
  });

  it("replays a create with the same Idempotency-Key and body; another body with that key is a 409 conflict", async () => {
    const headers = ucpHeaders();
    const first = await createUcp(server, STARTER, headers);
    const again = await createUcp(server, STARTER, headers);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const other = await createUcp(server, "prod_patchbay_team", headers);
    expect(other.status).toBe(409);
    assertUcpError(other.body);
    expect(other.body.messages[0].code).toBe("idempotency_conflict");
  });

  it("complete returns the session with its continue_url, never a charge, and says the payment material was not used", async () => {
    const created = await createUcp(server, STARTER);
    const res = await callUcp(server, "POST", `/checkout-sessions/${created.body.id}/complete`, {
      key: null,
      headers: ucpHeaders(),
      body: { payment: { instruments: [{ id: "pi_1", handler_id: "gpay", type: "card", credential: { type: "token", token: "tok_123" } }] }, ap2: { checkout_mandate: "a.b.c" } },
    });
    expect(res.status).toBe(200);
    assertUcpCheckout(res.body);
    expect(res.body.status).toBe("requires_escalation");
    expect(res.body.continue_url).toBe(created.body.continue_url);
    const refusals = res.body.messages.filter((m: { code: string }) => m.code === "payment_not_accepted").map((m: { content: string }) => m.content);
    expect(refusals).toEqual([expect.stringMatching(/^Payment instruments are not accepted.*continue_url|Payment instruments are not accepted/), expect.stringMatching(/^AP2 mandates are not accepted/)]);
    expect(refusals.every((m: string) => m.includes(created.body.continue_url))).toBe(true);
    expect(res.body.order).toBeUndefined();
  });

  it("changes the offer with PUT, then cancels; a canceled session has no continue_url", async () => {
    const created = await createUcp(server, STARTER);
    const id = created.body.id;
    const put = await callUcp(server, "PUT", `/checkout-sessions/${id}`, { key: null, headers: ucpHeaders(), body: { line_items: [{ item: { id: "price_patchbay_team_yearly" } }] } });
    expect(put.status).toBe(200);
    assertUcpCheckout(put.body);
    expect(put.body.line_items[0].item).toMatchObject({ id: "prod_patchbay_team", price: 79000 });
    const cancel = await callUcp(server, "POST", `/checkout-sessions/${id}/cancel`, { key: null, headers: ucpHeaders() });
    expect(cancel.status).toBe(200);
    assertUcpCheckout(cancel.body);
    expect(cancel.body.status).toBe("canceled");
    expect(cancel.body.continue_url).toBeUndefined();
  });
});

describe("ACP checkout sessions", () => {
  it("requires API-Version (naming the supported versions) and Idempotency-Key, in ACP's error shape", async () => {
    const noVersion = await createAcp(server, STARTER, { "Idempotency-Key": randomUUID() } as never);
    expect(noVersion.status).toBe(400);
    assertAcpError(noVersion.body);
    expect(noVersion.body).toMatchObject({ type: "invalid_request", code: "api_version_required", supported_versions: ["2026-04-17"] });
    const oldVersion = await createAcp(server, STARTER, { "API-Version": "2025-09-29", "Idempotency-Key": randomUUID() });
    expect(oldVersion.body.code).toBe("unsupported_api_version");
    const noKey = await createAcp(server, STARTER, { "API-Version": "2026-04-17" } as never);
    expect(noKey.status).toBe(400);
    assertAcpError(noKey.body);
    expect(noKey.body.code).toBe("idempotency_key_required");
  });

  it("creates a session that requires escalation, with continue_url, valid against ACP's CheckoutSession", async () => {
    const res = await createAcp(server, "price_patchbay_starter_yearly");
    expect(res.status).toBe(201);
    assertAcpSession(res.body);
    expect(res.body).toMatchObject({ status: "requires_escalation", currency: "usd", protocol: { version: "2026-04-17" } });
    expect(res.body.continue_url).toMatch(/^https?:\/\/.+\/store\/checkout\/chk_/);
    expect(res.headers.get("idempotency-key")).toBeTruthy();
    const read = await callAcp(server, "GET", `/checkout_sessions/${res.body.id}`, { key: null, headers: { "API-Version": "2026-04-17" } });
    assertAcpSession(read.body);
    expect(read.body.line_items[0]).toMatchObject({ item: { id: STARTER }, unit_amount: 19000 });
  });

  it("replays with Idempotent-Replayed: true; the key with another body is 422 idempotency_conflict", async () => {
    const headers = acpHeaders();
    const first = await createAcp(server, STARTER, headers);
    const replay = await createAcp(server, STARTER, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const conflict = await createAcp(server, "prod_patchbay_team", headers);
    expect(conflict.status).toBe(422);
    assertAcpError(conflict.body);
    expect(conflict.body).toMatchObject({ type: "invalid_request", code: "idempotency_conflict" });
  });

  it("answers 409 idempotency_in_flight with Retry-After while the first request with the key is still running", async () => {
    const { db, secrets } = server.service.services;
    const key = randomUUID();
    const body = { line_items: [{ id: STARTER }], currency: "usd", capabilities: {} };
    await db.commerceIdempotencyKey.create({ data: { id: `idk_${key}`, scope: "acp create -", key, requestHash: secrets.fingerprint(`idempotency:${stableJson(body)}`), state: "in_flight" } });
    const res = await createAcp(server, STARTER, acpHeaders(key));
    expect(res.status).toBe(409);
    assertAcpError(res.body);
    expect(res.body.code).toBe("idempotency_in_flight");
    expect(res.headers.get("retry-after")).toBe("1");
  });

  it("complete with a delegated payment token, x402 and an MPP credential returns the session with continue_url and refuses each", async () => {
    const created = await createAcp(server, STARTER);
    const res = await callAcp(server, "POST", `/checkout_sessions/${created.body.id}/complete`, {
      key: null,
      headers: { ...acpHeaders(), "X-PAYMENT": "eyJ4NDAyVmVyc2lvbiI6MX0", Authorization: "Payment eyJjaGFsbGVuZ2UiOiJ4In0" },
      body: { payment_data: { handler_id: "stripe", instrument: { type: "card", credential: { type: "spt", token: "spt_123" } } }, buyer: { email: "b@example.com" } },
    });
    expect(res.status).toBe(200);
    assertAcpSession(res.body);
    expect(res.body.status).toBe("requires_escalation");
    expect(res.body.order).toBeUndefined();
    const refused = res.body.messages.filter((m: { code: string }) => m.code === "unsupported").map((m: { content: string }) => m.content.split(" are not accepted")[0]);
    expect(refused).toEqual(["Payment instruments", "Delegated payment tokens", "HTTP 402 payment credentials (MPP, `Authorization: Payment`)", "x402 payments (`X-PAYMENT` / `PAYMENT-SIGNATURE`)"]);
  });

  it("an unknown session is 404 in ACP's shape", async () => {
    const res = await callAcp(server, "GET", "/checkout_sessions/chk_nope", { key: null, headers: { "API-Version": "2026-04-17" } });
    expect(res.status).toBe(404);
    assertAcpError(res.body);
  });
});

describe("POST /commerce/webhook (the processor's)", () => {
  it("refuses an unsigned or wrongly signed event and changes nothing", async () => {
    const created = await createAcp(server, STARTER);
    const event = completedEvent(`evt_${randomUUID()}`, created.body.id, "cs_test_forged", "thief@example.com");
    const unsigned = await fetch(`${server.url}/commerce/webhook`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    const forged = await sendWebhook(server, event, "whsec_not_the_secret");
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.message).toMatch(/signature/i);
    const read = await callAcp(server, "GET", `/checkout_sessions/${created.body.id}`, { key: null, headers: { "API-Version": "2026-04-17" } });
    expect(read.body.status).toBe("requires_escalation");
  });

  it("confirms the order from a signed checkout.session.completed, once: a replayed event adds nothing; cancel is then 405", async () => {
    const created = await createAcp(server, STARTER);
    const event = completedEvent(`evt_${randomUUID()}`, created.body.id, `cs_test_${randomUUID()}`, "buyer@example.com");
    expect((await sendWebhook(server, event)).status).toBe(200);
    expect(await (await sendWebhook(server, event)).json()).toMatchObject({ outcome: "replayed" });
    const read = await callAcp(server, "GET", `/checkout_sessions/${created.body.id}`, { key: null, headers: { "API-Version": "2026-04-17" } });
    assertAcpSession(read.body);
    expect(read.body.status).toBe("completed");
    expect(read.body.order).toMatchObject({ checkout_session_id: created.body.id, id: expect.stringMatching(/^ord_/) });
    expect(read.body.continue_url).toBeUndefined();
    const mails = await server.service.services.db.outboxEmail.findMany({ where: { topic: `receipt:${created.body.id}` } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe("buyer@example.com");
    expect(mails[0]!.text).toContain(`/sign-up?plan=${STARTER}`);
    const cancel = await callAcp(server, "POST", `/checkout_sessions/${created.body.id}/cancel`, { key: null, headers: acpHeaders() });
    expect(cancel.status).toBe(405);
    assertAcpError(cancel.body);
  });
});

describe("create_checkout over MCP (anonymous)", () => {
  it("starts a session with continue_url, and names the payment material it did not use", async () => {
    const client = await mcpClient(server.url, null);
    try {
      const result = (await client.callTool({ name: "create_checkout", arguments: { item_id: "price_patchbay_team_monthly", payment_data: { token: "spt_123" } } })) as unknown as {
        structuredContent: { status: string; continue_url: string; offer: { product_id: string; amount: number }; messages: string[] };
        isError?: boolean;
      };
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ status: "requires_escalation", offer: { product_id: "prod_patchbay_team", amount: 7900 } });
      expect(result.structuredContent.continue_url).toMatch(/\/store\/checkout\/chk_/);
      expect(result.structuredContent.messages).toEqual(expect.arrayContaining([expect.stringMatching(/^Payment instruments are not accepted/), expect.stringMatching(/^Delegated payment tokens are not accepted/)]));
    } finally {
      await client.close();
    }
  });

  it("an unknown offer is a tool error saying where the offers are", async () => {
    const client = await mcpClient(server.url, null);
    try {
      const result = (await client.callTool({ name: "create_checkout", arguments: { item_id: "prod_nope" } })) as { isError?: boolean; content: { text: string }[] };
      expect(result.isError).toBe(true);
      expect(result.content[0]!.text).toMatch(/No offer 'prod_nope'.*\/agent\/commerce\/products/);
    } finally {
      await client.close();
    }
  });
});

describe("behind HTTPS, with the agent host's rate limit", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ PATCHBAY_AGENT_URL: "https://shop.example", PATCHBAY_AGENT_RATE_LIMIT_PER_SECOND: "1" });
  });
  afterAll(() => shop?.stop());

  it("continue_url is absolute https on the agent host; a second call within the second is 429 in the protocol's shape", async () => {
    // Sent together: one after the other, a first call slower than the second (a loaded machine) lets the next window open.
    const both = await Promise.all([createAcp(shop, "prod_patchbay_starter"), createAcp(shop, "prod_patchbay_starter")]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 429]);
    const created = both.find((r) => r.status === 201)!;
    expect(created.body.continue_url).toBe(`https://shop.example/store/checkout/${created.body.id}`);
    const limited = both.find((r) => r.status === 429)!;
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
