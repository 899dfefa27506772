/**
 * The whole purchase in a real Chromium (Debian's /usr/bin/chromium, driven by playwright-core) with the local
 * test-mode processor stand-in: an agent starts a checkout by UCP, by ACP and by the MCP tool create_checkout →
 * the buyer follows continue_url → accepts the terms → pays on the stand-in's hosted page → the stand-in's signed
 * webhook confirms → the session reads completed through its protocol → the outbox holds the receipt.
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mcpClient } from "../helpers/mcp-client.js";
import { createAcp, createUcp, UCP_AGENT, callUcp, callAcp } from "./support/agent-calls.js";
import { assertAcpSession, assertUcpCheckout } from "./support/protocol-validators.js";

const CHROMIUM = "/usr/bin/chromium";
const present = existsSync(CHROMIUM);
if (!present) console.warn(`test/commerce/purchase-browser.test.ts skipped: ${CHROMIUM} is absent (apt-get install -y chromium; CI installs it).`);

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!present) return;
  server = await startTestServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The buyer's part, from continue_url to the receipt. */
async function buy(continueUrl: string, email: string) {
  await page.goto(continueUrl);
  expect(await page.locator("[data-test-mode]").textContent()).toContain("TEST MODE");
  await page.getByLabel("I have read and accept the subscription terms.").check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.waitForURL(/\/commerce\/test-processor\/checkout\//);
  expect(await page.locator("[data-test-mode]").textContent()).toContain("No real payment");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Pay (test mode)" }).click();
  await page.waitForURL(/\/receipt$/);
  expect(await page.locator("h1").getAttribute("data-status")).toBe("completed");
  return (await page.locator("[data-order]").textContent())!;
}

const receipts = (id: string) => server.service.services.db.outboxEmail.findMany({ where: { topic: `receipt:${id}` } });

describe.skipIf(!present)("buying a subscription through continue_url", () => {
  it("the start page shows the offer and refuses to go on until the terms are accepted (checked on the server)", async () => {
    const created = await createUcp(server, "price_patchbay_team_monthly");
    await page.goto(created.body.continue_url);
    expect(await page.locator("[data-offer]").textContent()).toBe("Patchbay Team");
    expect(await page.locator("[data-price]").textContent()).toBe("$79.00 per month");
    expect(await page.locator("[data-trial]").textContent()).toBe("14 days");
    // Without the browser's own check, the server still refuses.
    await page.locator('input[name="accept_terms"]').evaluate((box) => box.removeAttribute("required"));
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Continue to payment" }).click()]);
    expect(answer.status()).toBe(400);
    expect(await page.getByRole("alert").textContent()).toContain("accept the subscription terms");
    const read = await callUcp(server, "GET", `/checkout-sessions/${created.body.id}`, { key: null, headers: { "UCP-Agent": UCP_AGENT } });
    expect(read.body.status).toBe("requires_escalation");
  });

  it("UCP: create → continue_url → terms → hosted page → webhook → completed, receipt in the outbox", async () => {
    const created = await createUcp(server, "prod_patchbay_starter");
    const order = await buy(created.body.continue_url, "ucp-buyer@example.com");
    const read = await callUcp(server, "GET", `/checkout-sessions/${created.body.id}`, { key: null, headers: { "UCP-Agent": UCP_AGENT } });
    assertUcpCheckout(read.body);
    expect(read.body).toMatchObject({ status: "completed", order: { id: order } });
    expect(read.body.continue_url).toBeUndefined();
    const [mail] = await receipts(created.body.id);
    expect(mail).toMatchObject({ to: "ucp-buyer@example.com", subject: "[TEST MODE] Your Patchbay subscription: Patchbay Starter" });
    expect(mail!.text).toContain(`Order: ${order}`);
  });

  it("ACP: create → continue_url → terms → hosted page → webhook → completed with an order, receipt in the outbox", async () => {
    const created = await createAcp(server, "price_patchbay_team_yearly");
    const order = await buy(created.body.continue_url, "acp-buyer@example.com");
    const read = await callAcp(server, "GET", `/checkout_sessions/${created.body.id}`, { key: null, headers: { "API-Version": "2026-04-17" } });
    assertAcpSession(read.body);
    expect(read.body).toMatchObject({ status: "completed", order: { id: order, checkout_session_id: created.body.id } });
    expect((await receipts(created.body.id)).map((m) => m.to)).toEqual(["acp-buyer@example.com"]);
  });

  it("MCP: create_checkout (anonymous) → continue_url → terms → hosted page → webhook → completed, receipt in the outbox", async () => {
    const client = await mcpClient(server.url, null);
    try {
      const result = (await client.callTool({ name: "create_checkout", arguments: { item_id: "prod_patchbay_starter" } })) as { structuredContent: Record<string, string>; isError?: boolean };
      expect(result.isError).toBeFalsy();
      const { id, status, continue_url } = result.structuredContent;
      expect(status).toBe("requires_escalation");
      const order = await buy(continue_url!, "mcp-buyer@example.com");
      const read = await callAcp(server, "GET", `/checkout_sessions/${id}`, { key: null, headers: { "API-Version": "2026-04-17" } });
      expect(read.body).toMatchObject({ status: "completed", order: { id: order } });
      expect((await receipts(id!)).map((m) => m.to)).toEqual(["mcp-buyer@example.com"]);
    } finally {
      await client.close();
    }
  });
});
