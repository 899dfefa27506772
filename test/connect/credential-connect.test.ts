/**
 * Connecting apps with a credential form (API key in a header, API key in the query, bearer token), a Slack
 * connection over OAuth, and a tool run on each stand-in app: Stripe (form-encoded body), Slack, ISBNdb, HubSpot.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { descriptionPath, followRedirects, startApiStandIn, startOAuthServer, type ApiStandIn, type OAuthServer } from "../fixtures/providers/index.js";
import { configureApp } from "../../src/domain/app-settings.js";
import { toolByHttp } from "../helpers/tools.js";

let server: TestServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
const standIns: ApiStandIn[] = [];
let oauth: OAuthServer;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.newAccount();
  oauth = await startOAuthServer();
});
afterAll(async () => {
  await server?.stop();
  for (const s of standIns) await s.stop();
  await oauth?.stop();
});

async function standIn(app: string, description: string, auth: Parameters<typeof startApiStandIn>[0]["auth"]) {
  const s = await startApiStandIn({ description: descriptionPath(description), auth, oauth });
  standIns.push(s);
  await configureApp(server.service.services.db, server.service.services.secrets, app, { baseUrl: s.baseUrl });
  return s;
}

/** Opens a sign-in link's form and submits it like a browser. */
async function submitForm(app: string, fields: Record<string, string>, key = account.key) {
  const link = await server.call("POST", `/api/v1/apps/${app}/connect`, { key, body: {} });
  expect(link.status).toBe(201);
  const form = await fetch(link.body.url);
  expect(form.status).toBe(200);
  expect(await form.text()).toContain("<form");
  const res = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields), redirect: "manual" });
  return { status: res.status, html: await res.text(), url: link.body.url };
}

describe("credential forms", () => {
  it("connects Stripe with a secret key (bearer), checked by a test call before it is stored", async () => {
    const stripe = await standIn("stripe", "stripe", { type: "bearer", value: "sk_test_patchbay" });
    const wrong = await submitForm("stripe", { secret: "sk_test_wrong" });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain("refused it (HTTP 401)");
    expect((await server.call("GET", "/api/v1/connections?app=stripe", { key: account.key })).body).toEqual([]);

    const ok = await submitForm("stripe", { secret: "sk_test_patchbay" });
    expect(ok.status).toBe(200);
    expect(ok.html).toContain("Stripe is connected");
    expect(stripe.requests.some((r) => r.path === "/v1/account" && r.status === 200)).toBe(true);
    const [conn] = (await server.call("GET", "/api/v1/connections?app=stripe", { key: account.key })).body;
    expect(conn).toMatchObject({ app: "stripe", authType: "bearer", status: "active" });
  });

  it("runs a Stripe tool with a form-encoded body, as Stripe's description says", async () => {
    const stripe = standIns[0];
    const tool = toolByHttp(server.service.services.catalog, "stripe", "POST", "/v1/customers");
    const res = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: account.key, body: { arguments: { email: "ada@example.com", name: "Ada", metadata: { plan: "pro" } } } });
    expect(res.body, JSON.stringify(stripe.requests.at(-1))).toMatchObject({ successful: true, status: 200 });
    const seen = stripe.requests.at(-1)!;
    expect(String(seen.headers["content-type"])).toContain("application/x-www-form-urlencoded");
    expect(seen.body).toMatchObject({ email: "ada@example.com", name: "Ada" });
    expect(seen.headers.authorization).toBe("Bearer sk_test_patchbay");
  });

  it("places an API key in the header the description names (ISBNdb: x-api-key)", async () => {
    const isbndb = await standIn("isbndb", "isbndb.com", { type: "apiKey", in: "header", name: "x-api-key", value: "isbn-key-1" });
    const ok = await submitForm("isbndb", { secret: "isbn-key-1" });
    expect(ok.status).toBe(200);
    const res = await server.call("POST", "/api/v1/apps/isbndb/request", { key: account.key, body: { method: "GET", path: "/book/9780134685991" } });
    expect(res.body.status).toBe(200);
    expect(isbndb.requests.at(-1)!.headers["x-api-key"]).toBe("isbn-key-1");
    const tool = toolByHttp(server.service.services.catalog, "isbndb", "GET", "/author/{name}");
    const run = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: account.key, body: { arguments: { name: "Knuth" } } });
    expect(run.body).toMatchObject({ successful: true, app: "isbndb" });
    expect(isbndb.requests.at(-1)!.path).toBe("/author/Knuth");
  });

  it("places an API key in the query parameter the description names (HubSpot: hapikey)", async () => {
    const hubspot = await standIn("hubapi_webhooks", "hubapi.com/webhooks", { type: "apiKey", in: "query", name: "hapikey", value: "hub-key-9" });
    expect((await submitForm("hubapi_webhooks", { secret: "hub-key-9" })).status).toBe(200);
    const tool = toolByHttp(server.service.services.catalog, "hubapi_webhooks", "GET", "/webhooks/v3/{appId}/subscriptions");
    const run = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: account.key, body: { arguments: { appId: 42 } } });
    expect(run.body).toMatchObject({ successful: true, status: 200 });
    const seen = hubspot.requests.at(-1)!;
    expect(seen.query.hapikey).toBe("hub-key-9");
    expect(seen.path).toBe("/webhooks/v3/42/subscriptions");
  });

  it("connects Twilio with user name and password, sent as HTTP basic auth", async () => {
    const twilio = await standIn("twilio", "twilio.com/api", { type: "basic", username: "AC123", password: "auth-token" });
    const ok = await submitForm("twilio", { username: "AC123", password: "auth-token" });
    expect(ok.status, ok.html).toBe(200);
    const res = await server.call("POST", "/api/v1/apps/twilio/request", { key: account.key, body: { method: "GET", path: `/2010-04-01/Accounts/AC${"0f".repeat(16)}.json` } });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    expect(twilio.requests.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from("AC123:auth-token").toString("base64")}`);
  });

  it("refuses an empty form without using the link up", async () => {
    const res = await submitForm("isbndb", { secret: "  " });
    expect(res.status).toBe(400);
    expect(res.html).toContain("Fill in every field");
    const again = await fetch(res.url);
    expect(again.status).toBe(200);
  });
});

describe("Slack over OAuth", () => {
  it("connects Slack and runs chat.postMessage with the token injected (not asked as an argument)", async () => {
    oauth.registerClient({ clientId: "pb-slack", clientSecret: "slack-secret", redirectUris: [`${server.service.services.config.baseUrl}/connect/callback`] });
    const slack = await startApiStandIn({ description: descriptionPath("slack"), auth: { type: "oauth2" }, oauth });
    standIns.push(slack);
    await configureApp(server.service.services.db, server.service.services.secrets, "slack", {
      clientId: "pb-slack",
      clientSecret: "slack-secret",
      baseUrl: slack.baseUrl,
      authorizeUrl: oauth.authorizeUrl,
      tokenUrl: oauth.tokenUrl,
    });
    // Slack's OAuth v2 answer: the user's token under `authed_user` (the description's x-patchbay-token-field).
    oauth.shapeTokenResponse((t) => ({ ok: true, app_id: "A1", team: { id: "T1" }, authed_user: { id: "U1", scope: t.scope, access_token: t.access_token, token_type: "user", refresh_token: t.refresh_token, expires_in: t.expires_in } }));
    const link = await server.call("POST", "/api/v1/apps/slack/connect", { key: account.key, body: {} });
    const walk = await followRedirects(link.body.url);
    oauth.shapeTokenResponse(null);
    expect(walk.hops.at(-1)!.status, walk.hops.at(-1)!.body).toBe(200);
    // User scopes go in `user_scope`, joined by commas, as Slack v2 wants.
    const authorize = new URL(walk.hops[1].url);
    expect(authorize.searchParams.get("user_scope")).toContain("chat:write,");
    expect(authorize.searchParams.get("scope")).toBeNull();

    const tool = toolByHttp(server.service.services.catalog, "slack", "POST", "/chat.postMessage");
    expect(Object.keys((tool.inputSchema as { properties: object }).properties)).not.toContain("token");
    const run = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: account.key, body: { arguments: { channel: "C123", text: "Deploy finished" } } });
    expect(run.body).toMatchObject({ successful: true, app: "slack" });
    const seen = slack.requests.at(-1)!;
    expect(seen.path).toBe("/api/chat.postMessage");
    expect(seen.body).toMatchObject({ channel: "C123", text: "Deploy finished" });
    expect(String(seen.headers.authorization)).toMatch(/^Bearer /);
  });
});

describe("proxy safety", () => {
  it("refuses paths that would leave the app's base URL", async () => {
    for (const path of ["/../admin", "//evil.example/x", "/a/%2e%2e/b", "/x\\y"]) {
      const res = await server.call("POST", "/api/v1/apps/isbndb/request", { key: account.key, body: { method: "GET", path } });
      expect(res.status, path).toBe(400);
    }
    const noSlash = await server.call("POST", "/api/v1/apps/isbndb/request", { key: account.key, body: { method: "GET", path: "http://evil.example/" } });
    expect(noSlash.status).toBe(400);
  });

  it("refuses an Authorization header from the caller", async () => {
    const res = await server.call("POST", "/api/v1/apps/isbndb/request", { key: account.key, body: { method: "GET", path: "/book/1", headers: { Authorization: "Bearer x" } } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("Authorization");
  });

  it("maps an app's server error to 502 upstream_error with its status", async () => {
    const isbndb = standIns[1];
    isbndb.failNext(503);
    const res = await server.call("POST", "/api/v1/apps/isbndb/request", { key: account.key, body: { method: "GET", path: "/book/1" } });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: "upstream_error", upstreamStatus: 503 });
  });

  it("maps an unreachable app to 502 and a 4xx of the app to its own status", async () => {
    const isbndb = standIns[1];
    isbndb.failNext(404, { body: { message: "no such book" } });
    const notFound = await server.call("POST", "/api/v1/apps/isbndb/request", { key: account.key, body: { method: "GET", path: "/book/1" } });
    expect(notFound.status).toBe(200);
    expect(notFound.body).toMatchObject({ status: 404, body: { message: "no such book" } });
    await configureApp(server.service.services.db, server.service.services.secrets, "isbndb", { baseUrl: "http://127.0.0.1:9" });
    const down = await server.call("POST", "/api/v1/apps/isbndb/request", { key: account.key, body: { method: "GET", path: "/book/1" } });
    expect(down.status).toBe(502);
    expect(down.body.error.code).toBe("upstream_error");
    await configureApp(server.service.services.db, server.service.services.secrets, "isbndb", { baseUrl: isbndb.baseUrl });
  });

  it("answers 409 app_not_connected, saying how to connect, for an app without a connection", async () => {
    const fresh = await server.newAccount();
    const res = await server.call("POST", "/api/v1/apps/isbndb/request", { key: fresh.key, body: { method: "GET", path: "/book/1" } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("app_not_connected");
    expect(res.body.error.message).toContain("POST /api/v1/apps/isbndb/connect");
  });
});
