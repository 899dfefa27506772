/**
 * OAuth 2.0 client credentials (RFC 6749 §4.4) end to end, with PayPal's catalog description: the sign-in form asks
 * the client's id and secret (and the environment), Patchbay gets an access token from the token endpoint with them
 * (HTTP Basic) before it stores anything, calls carry the token, and a new token is fetched when it expires or the
 * app refuses it; and a token endpoint that wants the client in the form (LinkedIn). The token endpoint is the loopback OAuth server, the API a stand-in that follows the description
 * and accepts only tokens that server issued.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { toolByHttp } from "../helpers/tools.js";
import { followRedirects, repoDescriptionForStandIn, startApiStandIn, startOAuthServer, type ApiStandIn, type OAuthServer } from "../fixtures/providers/index.js";
import { configureApp } from "../../src/domain/app-settings.js";

const CLIENT = { clientId: "AZpaypal-client-7", clientSecret: "EFpaypal-secret-9" };

let server: TestServer;
let oauth: OAuthServer;
let api: ApiStandIn;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
const logs: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: "debug" }, undefined, { logStream: new Writable({ write: (chunk, _enc, done) => (logs.push(String(chunk)), done()) }) });
  oauth = await startOAuthServer({ accessTokenTtl: 32400 });
  oauth.registerClient({ ...CLIENT, redirectUris: [] });
  api = await startApiStandIn({ description: repoDescriptionForStandIn("paypal"), auth: { type: "oauth2" }, oauth });
  await configureApp(server.service.services.db, server.service.services.secrets, "paypal", { baseUrl: api.url, tokenUrl: oauth.tokenUrl });
  account = await server.newAccount();
});
afterAll(async () => {
  await server?.stop();
  await api?.stop();
  await oauth?.stop();
});

/** Opens a sign-in link and sends its form like a browser. */
async function signIn(fields: Record<string, string>) {
  const link = await server.call("POST", "/api/v1/apps/paypal/connect", { key: account.key, body: {} });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  const form = await (await fetch(link.body.url)).text();
  const res = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields), redirect: "manual" });
  return { form, status: res.status, html: await res.text() };
}

const connections = async () => (await server.call("GET", "/api/v1/connections?app=paypal", { key: account.key })).body as { id: string; authType: string; status: string; variables: Record<string, string> }[];
const grants = () => oauth.calls.filter((c) => c.endpoint === "token" && c.grantType === "client_credentials");
const createOrder = () =>
  server.call("POST", `/api/v1/tools/${toolByHttp(server.service.services.catalog, "paypal", "POST", "/v2/checkout/orders").name}/run`, {
    key: account.key,
    body: { arguments: { intent: "CAPTURE", purchase_units: [{ amount: { currency_code: "USD", value: "10.00" } }] } },
  });

describe("an app that signs in with OAuth client credentials (PayPal)", () => {
  it("describes the method: a token endpoint, and a form with the client's id and secret", async () => {
    const app = await server.call("GET", "/api/v1/apps/paypal", { key: account.key });
    expect(app.status).toBe(200);
    const method = app.body.auth[0];
    expect(method).toMatchObject({ type: "clientCredentials", tokenUrl: "https://{host}/v1/oauth2/token" });
    expect(method.fields.map((f: { name: string; label: string }) => [f.name, f.label])).toEqual([["client_id", "Client ID"], ["client_secret", "Secret"]]);
    expect(app.body.variables).toEqual([expect.objectContaining({ name: "host", enum: ["api-m.paypal.com", "api-m.sandbox.paypal.com"] })]);
  });

  it("refuses a wrong secret on the form, saying what the token endpoint answered, and stores nothing", async () => {
    const before = grants().length;
    const res = await signIn({ host: "api-m.sandbox.paypal.com", client_id: CLIENT.clientId, client_secret: "wrong-secret" });
    expect(res.form).toMatch(/name="host"[\s\S]*name="client_id"[\s\S]*name="client_secret"/);
    expect(res.status).toBe(400);
    expect(res.html).toContain("gave no access token for this client ID and secret");
    expect(res.html).toContain("401 (invalid_client)");
    expect(res.html).not.toContain("wrong-secret");
    expect(grants().length).toBe(before + 1);
    expect(await connections()).toEqual([]);
  });

  it("gets a token with the client's credentials when the form is sent, and calls with it", async () => {
    const res = await signIn({ host: "api-m.sandbox.paypal.com", client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret });
    expect(res.status, res.html).toBe(200);
    expect(grants().at(-1)).toMatchObject({ clientId: CLIENT.clientId, status: 200 });
    const [conn] = await connections();
    expect(conn).toMatchObject({ authType: "clientCredentials", status: "active", variables: { host: "api-m.sandbox.paypal.com" } });
    const run = await createOrder();
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.successful).toBe(true);
    const seen = api.requests.at(-1)!;
    expect(seen).toMatchObject({ method: "POST", path: "/v2/checkout/orders", status: 201 });
    expect(seen.headers.authorization).toMatch(/^Bearer at_/);
    expect(oauth.validateAccessToken(seen.headers.authorization!.slice(7))).toMatchObject({ valid: true, clientId: CLIENT.clientId });
  });

  it("gets a new token when the stored one is about to expire, and keeps the client's credentials sealed", async () => {
    const before = grants().length;
    const [conn] = await connections();
    const db = server.service.services.db;
    await db.connection.update({ where: { id: conn!.id }, data: { expiresAt: new Date(Date.now() + 10_000) } });
    const used = api.requests.at(-1)!.headers.authorization;
    expect((await createOrder()).body.successful).toBe(true);
    expect(grants().length).toBe(before + 1);
    expect(api.requests.at(-1)!.headers.authorization).not.toBe(used);
    const row = await db.connection.findUniqueOrThrow({ where: { id: conn!.id } });
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 8 * 3600_000);
    const stored = JSON.stringify(await db.connection.findMany());
    for (const secret of [CLIENT.clientSecret, api.requests.at(-1)!.headers.authorization!.slice(7)]) {
      expect(stored).not.toContain(secret);
      expect(logs.join("")).not.toContain(secret);
    }
  });

  it("gets a new token once when the app refuses the current one (revoked early), and retries the call", async () => {
    oauth.revokeAll();
    const before = grants().length;
    const run = await createOrder();
    expect(run.body.successful, JSON.stringify(run.body)).toBe(true);
    expect(grants().length).toBe(before + 1);
  });

  it("marks the connection for reconnecting when the client's secret no longer works, and says so", async () => {
    oauth.registerClient({ clientId: CLIENT.clientId, clientSecret: "rotated-at-paypal", redirectUris: [] });
    const [conn] = await connections();
    await server.service.services.db.connection.update({ where: { id: conn!.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const run = await createOrder();
    expect(run.status).toBe(409);
    expect(run.body.error.code).toBe("connection_needs_reconnect");
    expect(run.body.error.message).toContain("client ID and secret");
    expect((await connections())[0]).toMatchObject({ status: "needs_reconnect" });
  });
});

describe("a token endpoint that wants the client's credentials in the form (LinkedIn: x-patchbay-client-auth: body)", () => {
  it("exchanges the code and refreshes with client_id and client_secret as form parameters, never HTTP Basic", async () => {
    const client = { clientId: "li-client", clientSecret: "li-secret", redirectUris: [`${server.service.services.config.baseUrl}/connect/callback`], tokenAuth: "client_secret_post" as const };
    oauth.registerClient(client);
    const li = await startApiStandIn({ description: repoDescriptionForStandIn("linkedin"), auth: { type: "oauth2" }, oauth });
    try {
      const app = await server.call("GET", "/api/v1/apps/linkedin", { key: account.key });
      expect(app.body.auth[0]).toMatchObject({ type: "oauth2", clientAuth: "body" });
      await configureApp(server.service.services.db, server.service.services.secrets, "linkedin", { clientId: client.clientId, clientSecret: client.clientSecret, baseUrl: li.url, authorizeUrl: oauth.authorizeUrl, tokenUrl: oauth.tokenUrl });
      oauth.setAccessTokenTtl(30); // every call refreshes first
      const link = await server.call("POST", "/api/v1/apps/linkedin/connect", { key: account.key, body: {} });
      const walk = await followRedirects(link.body.url);
      oauth.setAccessTokenTtl(32400);
      expect(walk.hops.at(-1)!.status, walk.hops.at(-1)!.body).toBe(200);
      const call = await server.call("POST", "/api/v1/apps/linkedin/request", { key: account.key, body: { method: "GET", path: "/v2/userinfo" } });
      expect(call.body.status).toBe(200);
      const tokenCalls = oauth.calls.filter((c) => c.endpoint === "token" && c.clientId === client.clientId);
      expect(tokenCalls.map((c) => [c.grantType, c.status])).toEqual([["authorization_code", 200], ["refresh_token", 200]]);
    } finally {
      await li.stop();
    }
  });

  it("the same client sending HTTP Basic is refused by such a provider (the stand-in enforces what it registered)", async () => {
    const res = await fetch(oauth.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from("li-client:li-secret").toString("base64")}` },
      body: "grant_type=client_credentials",
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "invalid_client" });
  });
});
