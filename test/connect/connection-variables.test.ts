/**
 * Connection variables and credential forms with several fields, end to end through the sign-in pages, with the
 * apps' catalog descriptions (standard OpenAPI plus x-patchbay-* extensions) and loopback stand-ins reached through
 * the operator's per-app settings: Mailchimp's data centre ({dc} in the host), Trello's key + token (two query keys),
 * Telegram's bot token inside the base URL, Shopify's shop (asked before the OAuth redirect, token in its own header),
 * Salesforce's instance URL (from the token answer), Jira's cloud id (from an identity call).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { followRedirects, startApiStandIn, startOAuthServer, type ApiStandIn, type AuthConfig, type OAuthServer } from "../fixtures/providers/index.js";
import { configureApp, type AppSettingsInput } from "../../src/domain/app-settings.js";

let server: TestServer;
let oauth: OAuthServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
const standIns: ApiStandIn[] = [];
const logs: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: "debug" }, undefined, { logStream: new Writable({ write: (chunk, _enc, done) => (logs.push(String(chunk)), done()) }) });
  oauth = await startOAuthServer();
  oauth.registerClient({ clientId: "pb", clientSecret: "pb-secret", redirectUris: [`${server.service.services.config.baseUrl}/connect/callback`] });
  account = await server.newAccount();
});
afterAll(async () => {
  await server?.stop();
  for (const s of standIns) await s.stop();
  await oauth?.stop();
});

/** A stand-in answering GET <basePath><path> (and any identity paths), requiring `auth`. */
async function standIn(basePath: string, paths: string[], auth: AuthConfig[], opts: { identity?: Record<string, unknown>; oauthScheme?: boolean; credentialParams?: string[] } = {}) {
  const schemes: Record<string, unknown> = {};
  auth.forEach((a, i) => {
    if (a.type === "apiKey") schemes[`k${i}`] = { type: "apiKey", in: a.in, name: a.name };
    if (a.type === "basic") schemes[`k${i}`] = { type: "http", scheme: "basic" };
    if (a.type === "oauth2") schemes[`k${i}`] = { type: "oauth2", flows: { authorizationCode: { authorizationUrl: "/a", tokenUrl: "/t", scopes: {} } } };
  });
  const op = { responses: { "200": { description: "ok", content: { "application/json": { example: { name: "Ada" } } } } } };
  const description = {
    openapi: "3.0.3",
    info: { title: "stand-in", version: "1" },
    servers: [{ url: "/" }],
    components: { securitySchemes: schemes },
    security: [Object.fromEntries(Object.keys(schemes).map((k) => [k, []]))],
    paths: {
      ...Object.fromEntries(paths.map((p) => [`${basePath}${p}`, { get: op }])),
      ...Object.fromEntries(Object.entries(opts.identity ?? {}).map(([p, example]) => [p, { get: { responses: { "200": { description: "ok", content: { "application/json": { example } } } } } }])),
    },
  };
  const s = await startApiStandIn({ description, auth, oauth, credentialParams: opts.credentialParams });
  standIns.push(s);
  return s;
}

const configure = (app: string, settings: AppSettingsInput) => configureApp(server.service.services.db, server.service.services.secrets, app, settings);

/** Opens a sign-in link and submits its form like a browser; follows an OAuth redirect to the end. */
async function signIn(app: string, fields: Record<string, string>) {
  const link = await server.call("POST", `/api/v1/apps/${app}/connect`, { key: account.key, body: {} });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  const page = await fetch(link.body.url, { redirect: "manual" });
  const form = await page.text();
  // An OAuth app that asks nothing redirects at once; the others show the form.
  const res = page.status >= 300 && page.status < 400 ? page : await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields), redirect: "manual" });
  if (res.status >= 300 && res.status < 400) {
    const walk = await followRedirects(new URL(res.headers.get("location")!, link.body.url).toString());
    return { form, status: walk.hops.at(-1)!.status, html: walk.hops.at(-1)!.body, hops: walk.hops, url: link.body.url };
  }
  return { form, status: res.status, html: await res.text(), hops: [], url: link.body.url };
}

const connectionOf = async (app: string) => ((await server.call("GET", `/api/v1/connections?app=${app}`, { key: account.key })).body as { id: string; variables: Record<string, string> }[])[0];
const proxy = (app: string, path: string) => server.call("POST", `/api/v1/apps/${app}/request`, { key: account.key, body: { method: "GET", path } });

describe("GET /apps/{app}", () => {
  it("shows an app's connection variables and every field of its credential form", async () => {
    const res = await server.call("GET", "/api/v1/apps/mailchimp", { key: account.key });
    expect(res.body.baseUrl).toContain("{dc}");
    expect(res.body.variables).toEqual([expect.objectContaining({ name: "dc" })]);
    const basic = res.body.auth.find((m: { type: string }) => m.type === "basic");
    expect(basic.fields.map((f: { placement: { part?: string } }) => f.placement.part)).toEqual(["username", "password"]);
  });
});

describe("a connection variable in the host (Mailchimp's {dc})", () => {
  it("refuses a value that would point the app at another host, and stores nothing", async () => {
    for (const dc of ["us6.evil.example", "evil.example/x", "us6@evil"]) {
      const res = await signIn("mailchimp", { dc, username: "any", password: "key-us6" });
      expect(res.status, dc).toBe(400);
      expect(res.form).toContain('name="dc"');
    }
    expect(await connectionOf("mailchimp")).toBeUndefined();
  });

  it("asks it on the form, stores it plain with the connection, and fills it into every call", async () => {
    const s = await standIn("/us6/3.0", ["/ping"], [{ type: "basic", username: "any", password: "key-us6" }]);
    // The operator's address for the app keeps the variable: the stand-in sees it in the path.
    await configure("mailchimp", { baseUrl: `${s.url}/{dc}/3.0` });
    const res = await signIn("mailchimp", { dc: "US6", username: "any", password: "key-us6" });
    expect(res.status, res.html).toBe(200);
    expect(res.form).toMatch(/name="dc"[\s\S]*name="username"[\s\S]*name="password"/);
    const conn = await connectionOf("mailchimp");
    expect(conn.variables).toEqual({ dc: "us6" });
    const call = await proxy("mailchimp", "/ping");
    expect(call.body.status).toBe(200);
    expect(s.requests.at(-1)).toMatchObject({ path: "/us6/3.0/ping", status: 200 });
    const row = await server.service.services.db.connection.findUniqueOrThrow({ where: { id: conn.id } });
    expect(row.credentialsSealed).not.toContain("key-us6");
    expect(row.variables).toBe('{"dc":"us6"}');
  });
});

describe("several credentials in one security requirement (Trello's key AND token)", () => {
  it("asks both on one form and sends both, each in its query parameter", async () => {
    const s = await standIn("/1", ["/members/me"], [
      { type: "apiKey", in: "query", name: "key", value: "trello-key-1" },
      { type: "apiKey", in: "query", name: "token", value: "trello-token-2" },
    ]);
    await configure("trello", { baseUrl: `${s.url}/1` });
    const app = await server.call("GET", "/api/v1/apps/trello", { key: account.key });
    const fields = app.body.auth[0].fields as { name: string; placement: { in: string; name: string } }[];
    expect(fields.map((f) => f.placement)).toEqual([{ in: "query", name: "key" }, { in: "query", name: "token" }]);
    const missing = await signIn("trello", { [fields[0]!.name]: "trello-key-1" });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain("Fill in every field");
    const res = await signIn("trello", { [fields[0]!.name]: "trello-key-1", [fields[1]!.name]: "trello-token-2" });
    expect(res.status, res.html).toBe(200);
    expect((await proxy("trello", "/members/me")).body.status).toBe(200);
    expect(s.requests.at(-1)!.query).toMatchObject({ key: "trello-key-1", token: "trello-token-2" });
  });
});

describe("a secret inside the base URL (Telegram's bot{token})", () => {
  const token = "123456:AAE-tg-secret-token";
  it("is a credential field, sealed, filled into the URL, and never logged", async () => {
    const s = await standIn(`/bot${token}`, ["/getMe"], []);
    await configure("telegram", { baseUrl: `${s.url}/bot{token}` });
    const bad = await signIn("telegram", { token: "12/../x" });
    expect(bad.status).toBe(400);
    expect(bad.html).not.toContain("12/../x");
    const res = await signIn("telegram", { token });
    expect(res.status, res.html).toBe(200);
    const call = await proxy("telegram", "/getMe");
    expect(call.body.status).toBe(200);
    expect(s.requests.at(-1)!.path).toBe(`/bot${token}/getMe`);
    const conn = await connectionOf("telegram");
    expect(conn.variables).toEqual({});
    const db = server.service.services.db;
    const rows = JSON.stringify([await db.connection.findMany(), await db.connectLink.findMany(), await db.run.findMany()]);
    expect(rows).not.toContain(token);
    expect(logs.join("")).not.toContain("AAE-tg-secret-token");
  });
});

describe("OAuth with connection variables", () => {
  it("asks Shopify's shop before the redirect, fills it into the authorize and token URLs, and sends the token in X-Shopify-Access-Token", async () => {
    const s = await standIn("/acme/admin/api/2025-01", ["/shop.json"], [{ type: "oauth2" }], { credentialParams: ["X-Shopify-Access-Token"] });
    await configure("shopify", { clientId: "pb", clientSecret: "pb-secret", baseUrl: `${s.url}/{shop}/admin/api/2025-01`, authorizeUrl: `${oauth.authorizeUrl}?shop={shop}`, tokenUrl: `${oauth.tokenUrl}?shop={shop}` });
    const bad = await signIn("shopify", { shop: "evil.example" });
    expect(bad.status).toBe(400);
    const res = await signIn("shopify", { shop: "acme" });
    expect(res.status, res.html).toBe(200);
    expect(res.form).toContain('name="shop"');
    const authorize = new URL(res.hops[0]!.url);
    expect(authorize.searchParams.get("shop")).toBe("acme");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("scope")).toContain("read_orders,write_orders");
    expect((await connectionOf("shopify")).variables).toEqual({ shop: "acme" });
    expect((await proxy("shopify", "/shop.json")).body.status).toBe(200);
    const seen = s.requests.at(-1)!;
    expect(seen.headers["x-shopify-access-token"]).toMatch(/^at_/);
    expect(seen.headers.authorization).toBeUndefined();
  });

  it("takes Salesforce's instance URL from the token answer, and keeps it through refreshes (the rotated refresh token is stored)", async () => {
    const s = await standIn("/services/data/v62.0", ["/limits"], [{ type: "oauth2" }]);
    await configure("salesforce", { clientId: "pb", clientSecret: "pb-secret", baseUrl: `${s.url}/services/data/v62.0`, authorizeUrl: oauth.authorizeUrl, tokenUrl: oauth.tokenUrl });
    oauth.shapeTokenResponse((t) => ({ ...t, instance_url: "http://evil.example" }));
    const refused = await signIn("salesforce", {});
    expect(refused.status).toBe(502);
    expect(await connectionOf("salesforce")).toBeUndefined();
    oauth.shapeTokenResponse((t) => ({ ...t, instance_url: "https://acme.my.salesforce.com" }));
    oauth.setAccessTokenTtl(30);
    const res = await signIn("salesforce", {});
    oauth.shapeTokenResponse(null);
    oauth.setAccessTokenTtl(3600);
    expect(res.status, res.html).toBe(200);
    expect((await connectionOf("salesforce")).variables).toEqual({ instance_url: "https://acme.my.salesforce.com" });
    // Each call refreshes first (the token lives 30 s); the stand-in revokes a used refresh token, so the second
    // refresh works only with the new refresh token stored by the first.
    expect((await proxy("salesforce", "/limits")).body.status).toBe(200);
    await server.service.services.db.connection.updateMany({ where: { appId: "salesforce" }, data: { expiresAt: new Date(Date.now() + 1000) } });
    expect((await proxy("salesforce", "/limits")).body.status).toBe(200);
    expect(oauth.calls.filter((c) => c.grantType === "refresh_token" && c.status === 200).length).toBeGreaterThanOrEqual(2);
  });

  it("takes Jira's cloud id from an identity call made with the new token, and calls under it", async () => {
    const s = await standIn("/ex/jira/cloud-7", ["/rest/api/3/myself"], [{ type: "oauth2" }], { identity: { "/oauth/token/accessible-resources": [{ id: "cloud-7", name: "acme" }] } });
    await configure("jira", { clientId: "pb", clientSecret: "pb-secret", baseUrl: `${s.url}/ex/jira/{cloudid}`, authorizeUrl: oauth.authorizeUrl, tokenUrl: oauth.tokenUrl });
    const res = await signIn("jira", {});
    expect(res.status, res.html).toBe(200);
    expect(s.requests.some((r) => r.path === "/oauth/token/accessible-resources" && r.status === 200)).toBe(true);
    expect((await connectionOf("jira")).variables).toEqual({ cloudid: "cloud-7" });
    expect((await proxy("jira", "/rest/api/3/myself")).body.status).toBe(200);
    expect(s.requests.at(-1)!.path).toBe("/ex/jira/cloud-7/rest/api/3/myself");
  });
});
