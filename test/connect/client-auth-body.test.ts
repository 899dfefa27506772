/**
 * Top-100 apps whose token endpoint, by the vendor's own documentation, takes client_id and client_secret as form
 * parameters (`x-patchbay-client-auth: body`, on the description file or through the curated layer): the compiled
 * app says so (`clientAuth: "body"`), apps documented with HTTP Basic keep the default, and two of them (GitLab from
 * its description file, HubSpot likewise) sign in end to end against the loopback OAuth server registered with
 * `tokenAuth: "client_secret_post"`, which refuses a client that sends HTTP Basic. Sources: src/catalog/README.md.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { rootDir } from "../../src/db/paths.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { followRedirects, repoDescriptionForStandIn, startApiStandIn, startOAuthServer, type OAuthServer } from "../fixtures/providers/index.js";
import { configureApp } from "../../src/domain/app-settings.js";

/** Marked `body` by this change, with where the mark lives. */
const BODY_APPS: Record<string, "description" | "curated"> = {
  gitlab: "description",
  hubspot: "description",
  zendesk: "description",
  intercom: "description",
  facebook: "description",
  instagram: "description",
  metaads: "description",
  whatsapp: "description",
  canvas: "description",
  miro: "description",
  github: "curated",
  box: "curated",
  // Marked before (54d587b).
  linkedin: "description",
  zoho: "description",
};

/** Documented with HTTP Basic (or Basic as well): the default stays. */
const BASIC_APPS = ["slack", "zoom", "outlook", "gmail"];

let server: TestServer;
let oauth: OAuthServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;

beforeAll(async () => {
  server = await startTestServer();
  oauth = await startOAuthServer({ accessTokenTtl: 32400 });
  account = await server.newAccount();
});
afterAll(async () => {
  await server?.stop();
  await oauth?.stop();
});

type Method = { type: string; tokenUrl?: string; clientAuth?: string };
const oauthMethod = async (app: string): Promise<Method | undefined> => {
  const res = await server.call("GET", `/api/v1/apps/${app}`, { key: account.key });
  expect(res.status, `${app}: ${JSON.stringify(res.body)}`).toBe(200);
  return (res.body.auth as Method[]).find((m) => m.type === "oauth2");
};

describe("top apps whose token endpoint wants the client in the form", () => {
  it.each(Object.keys(BODY_APPS))("%s: the compiled OAuth method has clientAuth body", async (app) => {
    const method = await oauthMethod(app);
    expect(method, `${app} has no oauth2 method`).toBeDefined();
    expect(method).toMatchObject({ type: "oauth2", clientAuth: "body" });
  });

  it("the description files carry the mark on their oauth2 scheme, with the page it comes from", () => {
    for (const [app, where] of Object.entries(BODY_APPS)) {
      if (where !== "description") continue;
      const text = readFileSync(join(rootDir, `catalog/descriptions/${app}.yaml`), "utf8");
      const schemes = (parse(text) as { components: { securitySchemes: Record<string, Record<string, unknown>> } }).components.securitySchemes;
      const marked = Object.values(schemes).filter((s) => s.type === "oauth2" && s["x-patchbay-client-auth"] === "body");
      expect(marked.length, app).toBe(1);
      expect(text, app).toMatch(/# .*https:\/\/\S+\n(\s+#.*\n)*\s+x-patchbay-client-auth: body/);
    }
  });

  it.each(BASIC_APPS)("%s: documented with HTTP Basic, keeps the default", async (app) => {
    const method = await oauthMethod(app);
    expect(method?.type).toBe("oauth2");
    expect(method?.clientAuth).toBeUndefined();
  });
});

/** Signs in to `app` through the loopback OAuth server (form-only client), forcing one refresh, and makes one call. */
async function signInWithFormOnlyClient(app: string, path: string) {
  const client = { clientId: `${app}-client`, clientSecret: `${app}-secret`, redirectUris: [`${server.service.services.config.baseUrl}/connect/callback`], tokenAuth: "client_secret_post" as const };
  oauth.registerClient(client);
  const api = await startApiStandIn({ description: repoDescriptionForStandIn(app), auth: { type: "oauth2" }, oauth });
  try {
    await configureApp(server.service.services.db, server.service.services.secrets, app, {
      clientId: client.clientId, clientSecret: client.clientSecret, baseUrl: api.url, authorizeUrl: oauth.authorizeUrl, tokenUrl: oauth.tokenUrl,
    });
    oauth.setAccessTokenTtl(30); // the first call refreshes first
    const link = await server.call("POST", `/api/v1/apps/${app}/connect`, { key: account.key, body: {} });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const walk = await followRedirects(link.body.url);
    oauth.setAccessTokenTtl(32400);
    expect(walk.hops.at(-1)!.status, walk.hops.at(-1)!.body).toBe(200);
    const call = await server.call("POST", `/api/v1/apps/${app}/request`, { key: account.key, body: { method: "GET", path } });
    expect(call.status, JSON.stringify(call.body)).toBe(200);
    expect(call.body.status).toBe(200);
    const seen = api.requests.at(-1)!;
    expect(seen.path).toBe(path);
    expect(oauth.validateAccessToken(seen.headers.authorization!.slice(7))).toMatchObject({ valid: true, clientId: client.clientId });
    const tokenCalls = oauth.calls.filter((c) => c.endpoint === "token" && c.clientId === client.clientId);
    expect(tokenCalls.map((c) => [c.grantType, c.status])).toEqual([["authorization_code", 200], ["refresh_token", 200]]);
    return client;
  } finally {
    await api.stop();
  }
}

/** What the same provider answers a client that sends HTTP Basic instead. */
async function basicRefused(client: { clientId: string; clientSecret: string }) {
  const res = await fetch(oauth.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}` },
    body: "grant_type=client_credentials",
  });
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

describe("signing in where the token endpoint refuses HTTP Basic", () => {
  it("GitLab: exchanges the code and refreshes with the client in the form, then calls the API", async () => {
    const client = await signInWithFormOnlyClient("gitlab", "/projects");
    expect(await basicRefused(client)).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });

  it("HubSpot: exchanges the code and refreshes with the client in the form, then calls the API", async () => {
    const client = await signInWithFormOnlyClient("hubspot", "/crm/v3/objects/contacts");
    expect(await basicRefused(client)).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });
});
