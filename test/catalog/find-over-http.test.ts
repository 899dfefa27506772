/**
 * POST /tools/find through the HTTP API: the account's active connections (read on every find) put their apps
 * first, for that account only, and no longer once the connection is deleted.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureApp } from "../../src/domain/app-settings.js";
import { KNOWN_ELSEWHERE } from "../../src/catalog/find/app-words.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let upstream: http.Server;
const TASK = "create a customer";

beforeAll(async () => {
  // Stripe's stand-in: the identity probe of the credential form asks for /v1/account.
  upstream = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(req.url === "/v1/account" ? '{"id":"acct_1","email":"a@example.com"}' : "{}");
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", () => r()));
  server = await startTestServer();
  const { port } = upstream.address() as AddressInfo;
  await configureApp(server.service.services.db, server.service.services.secrets, "stripe", { baseUrl: `http://127.0.0.1:${port}` });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  upstream?.close();
});

async function connectStripe(key: string): Promise<void> {
  const link = await server.call("POST", "/api/v1/apps/stripe/connect", { key, body: {} });
  expect(link.status).toBe(201);
  const res = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ secret: "sk_test_x" }) });
  expect(res.status).toBe(200);
}

const find = async (key: string) => {
  const res = await server.call("POST", "/api/v1/tools/find", { key, body: { task: TASK, limit: 5 } });
  expect(res.status).toBe(200);
  return res.body.tools as { name: string; app: string; reasons: string[] }[];
};

describe("POST /tools/find and the account's connections", () => {
  it("does not rank another account's connected app first", async () => {
    const owner = await server.newAccount();
    const other = await server.newAccount();
    await connectStripe(owner.key);
    const tools = await find(other.key);
    expect(tools.some((t) => t.reasons.includes("connected app: stripe"))).toBe(false);
  });

  it("stops ranking an app first once its connection is deleted", async () => {
    const account = await server.newAccount();
    await connectStripe(account.key);
    const [conn] = (await server.call("GET", "/api/v1/connections?app=stripe", { key: account.key })).body;
    expect((await server.call("DELETE", `/api/v1/connections/${conn.id}`, { key: account.key })).status).toBe(200);
    const tools = await find(account.key);
    expect(tools.some((t) => t.reasons.includes("connected app: stripe"))).toBe(false);
  });

  it("ranks the account's connected app first when its tool fits the task", async () => {
    const account = await server.newAccount();
    await connectStripe(account.key);
    const [first] = await find(account.key);
    expect(first).toMatchObject({ app: "stripe", name: "STRIPE_POST_CUSTOMERS" });
    expect(first!.reasons).toContain("connected app: stripe");
  });
});

describe("POST /tools/find and apps that are not in the catalog", () => {
  it("answers with a notice naming the app and the nearest apps, and the nearest apps' tools", async () => {
    const { key } = await server.newAccount();
    // A well-known app the catalog does not have (yet): the first of the list that GET /apps?search= does not find.
    let absent = "";
    for (const name of KNOWN_ELSEWHERE.filter((n) => /^[A-Za-z]+$/.test(n))) {
      const apps = await server.call("GET", `/api/v1/apps?search=${encodeURIComponent(name)}&limit=1`, { key });
      if (apps.status === 200 && apps.body.length === 0) {
        absent = name;
        break;
      }
    }
    const res = await server.call("POST", "/api/v1/tools/find", { key, body: { task: `add 'water plants' to my ${absent.toLowerCase()} inbox`, limit: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.notice).toMatchObject({ code: "app_not_in_catalog", app: absent });
    expect(res.body.notice.nearestApps.length).toBeGreaterThan(0);
    expect(res.body.notice.message).toContain(absent);
    expect(res.body.tools.length).toBeGreaterThan(0);
  });

  it("gives no notice when the app is in the catalog", async () => {
    const { key } = await server.newAccount();
    const res = await server.call("POST", "/api/v1/tools/find", { key, body: { task: "send a message in slack", limit: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.notice).toBeUndefined();
    expect(res.body.tools[0].app).toBe("slack");
  });
});
