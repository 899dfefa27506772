/** Proves the provider stand-ins in test/fixtures/providers behave like the real outside world. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CookieJar,
  createPkcePair,
  descriptionPath,
  followRedirects,
  startApiStandIn,
  startOAuthServer,
  type ApiStandIn,
  type OAuthServer,
} from "../fixtures/providers/index.js";

const REDIRECT_URI = "http://patchbay.test/oauth/callback";
const CLIENT = { clientId: "patchbay-client", clientSecret: "s3cret", redirectUris: [REDIRECT_URI] };
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;

async function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(fields) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** Runs the browser part of the code flow; returns the code and state the redirect URI received. */
async function authorize(oauth: OAuthServer, challenge: string, extra: Record<string, string> = {}) {
  const url = new URL(oauth.authorizeUrl);
  const params = { response_type: "code", client_id: CLIENT.clientId, redirect_uri: REDIRECT_URI, scope: "repo user", state: "st-123", code_challenge: challenge, code_challenge_method: "S256", ...extra };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const walk = await followRedirects(url.toString(), { stopAt: (u) => u.host === "patchbay.test" });
  const landed = new URL(walk.finalUrl);
  return { walk, landed, code: landed.searchParams.get("code"), state: landed.searchParams.get("state"), error: landed.searchParams.get("error") };
}

/** Full code flow with PKCE; returns the token response. */
async function connect(oauth: OAuthServer) {
  const pkce = createPkcePair();
  const { code } = await authorize(oauth, pkce.challenge);
  const res = await postForm(oauth.tokenUrl, { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT_URI, code_verifier: pkce.verifier }, { authorization: basic(CLIENT.clientId, CLIENT.clientSecret) });
  expect(res.status).toBe(200);
  return res.body as { access_token: string; refresh_token: string; expires_in: number; scope: string; token_type: string };
}

let oauth: OAuthServer;
beforeAll(async () => {
  oauth = await startOAuthServer({ clients: [CLIENT] });
});
afterAll(() => oauth.stop());

describe("OAuth authorization server fixture", () => {
  it("auto-approves, redirects to the redirect URI with code and state, and trades the code plus the right PKCE verifier for tokens", async () => {
    const pkce = createPkcePair();
    const { walk, code, state } = await authorize(oauth, pkce.challenge);
    expect(walk.stopped).toBe(true);
    expect(walk.hops).toHaveLength(1);
    expect(walk.hops[0]!.status).toBe(302);
    expect(state).toBe("st-123");
    expect(code).toBeTruthy();
    const res = await postForm(oauth.tokenUrl, { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT_URI, code_verifier: pkce.verifier, client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: "repo user" });
    expect(oauth.validateAccessToken(res.body.access_token)).toMatchObject({ valid: true, scopes: ["repo", "user"], clientId: CLIENT.clientId, subject: "octocat" });
  });

  it("refuses a wrong or missing code_verifier with invalid_grant", async () => {
    for (const verifier of [createPkcePair().verifier, undefined]) {
      const { code } = await authorize(oauth, createPkcePair().challenge);
      const fields: Record<string, string> = { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT_URI };
      if (verifier) fields.code_verifier = verifier;
      const res = await postForm(oauth.tokenUrl, fields, { authorization: basic(CLIENT.clientId, CLIENT.clientSecret) });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_grant");
    }
  });

  it("refuses a code used twice with invalid_grant and revokes what the code gave", async () => {
    const pkce = createPkcePair();
    const { code } = await authorize(oauth, pkce.challenge);
    const fields = { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT_URI, code_verifier: pkce.verifier };
    const auth = { authorization: basic(CLIENT.clientId, CLIENT.clientSecret) };
    const first = await postForm(oauth.tokenUrl, fields, auth);
    expect(first.status).toBe(200);
    const again = await postForm(oauth.tokenUrl, fields, auth);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_grant");
    expect(oauth.validateAccessToken(first.body.access_token)).toMatchObject({ valid: false, reason: "revoked" });
  });

  it("binds the code to its redirect_uri and client", async () => {
    const pkce = createPkcePair();
    const { code } = await authorize(oauth, pkce.challenge);
    const res = await postForm(oauth.tokenUrl, { grant_type: "authorization_code", code: code!, redirect_uri: "http://patchbay.test/other", code_verifier: pkce.verifier }, { authorization: basic(CLIENT.clientId, CLIENT.clientSecret) });
    expect(res.body.error).toBe("invalid_grant");
  });

  it("rotates refresh tokens: each refresh gives a new one and the old one is then refused", async () => {
    const tokens = await connect(oauth);
    const auth = { authorization: basic(CLIENT.clientId, CLIENT.clientSecret) };
    const refreshed = await postForm(oauth.tokenUrl, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, auth);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.body.access_token).not.toBe(tokens.access_token);
    const reuse = await postForm(oauth.tokenUrl, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, auth);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe("invalid_grant");
    const next = await postForm(oauth.tokenUrl, { grant_type: "refresh_token", refresh_token: refreshed.body.refresh_token }, auth);
    expect(next.status).toBe(200);
  });

  it("fails exactly the next refresh when told to, without rotating", async () => {
    const tokens = await connect(oauth);
    const auth = { authorization: basic(CLIENT.clientId, CLIENT.clientSecret) };
    oauth.failNextRefresh();
    const failed = await postForm(oauth.tokenUrl, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, auth);
    expect([failed.status, failed.body.error]).toEqual([400, "invalid_grant"]);
    oauth.failNextRefresh({ status: 503, error: "temporarily_unavailable" });
    const outage = await postForm(oauth.tokenUrl, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, auth);
    expect([outage.status, outage.body.error]).toEqual([503, "temporarily_unavailable"]);
    const ok = await postForm(oauth.tokenUrl, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, auth);
    expect(ok.status).toBe(200);
  });

  it("refuses bad client credentials with 401 invalid_client", async () => {
    const res = await postForm(oauth.tokenUrl, { grant_type: "refresh_token", refresh_token: "x" }, { authorization: basic(CLIENT.clientId, "wrong") });
    expect([res.status, res.body.error]).toEqual([401, "invalid_client"]);
    expect(res.headers.get("www-authenticate")).toMatch(/^Basic/);
  });

  it("follows RFC 6749 on authorization errors: 400 page for a bad redirect URI, error redirect otherwise", async () => {
    const bad = await authorize(oauth, createPkcePair().challenge, { redirect_uri: "http://evil.test/cb" });
    expect(bad.walk.stopped).toBe(false);
    expect(bad.walk.hops[0]!.status).toBe(400);
    const noPkce = await authorize(oauth, "", { code_challenge_method: "plain" });
    expect([noPkce.error, noPkce.state]).toEqual(["invalid_request", "st-123"]);
    oauth.denyNext();
    const denied = await authorize(oauth, createPkcePair().challenge);
    expect([denied.error, denied.code, denied.state]).toEqual(["access_denied", null, "st-123"]);
  });

  it("revokes tokens (RFC 7009) and answers 200 even for unknown tokens", async () => {
    const tokens = await connect(oauth);
    const auth = { authorization: basic(CLIENT.clientId, CLIENT.clientSecret) };
    expect((await postForm(oauth.revokeUrl, { token: tokens.refresh_token, token_type_hint: "refresh_token" }, auth)).status).toBe(200);
    expect(oauth.validateAccessToken(tokens.access_token)).toMatchObject({ valid: false, reason: "revoked" });
    const refresh = await postForm(oauth.tokenUrl, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, auth);
    expect(refresh.body.error).toBe("invalid_grant");
    expect((await postForm(oauth.revokeUrl, { token: "nonsense" }, auth)).status).toBe(200);
  });
});

describe("GitHub API stand-in (api.github.com description, OAuth tokens)", () => {
  let github: ApiStandIn;
  beforeAll(async () => {
    github = await startApiStandIn({ description: descriptionPath("github"), auth: { type: "oauth2" }, oauth });
  });
  afterAll(() => github.stop());
  const get = (path: string, token?: string) => fetch(github.baseUrl + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("answers GET /user with the description's example for a valid token", async () => {
    const { access_token } = await connect(oauth);
    const res = await get("/user", access_token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ login: "octocat" });
    expect(github.requests.at(-1)).toMatchObject({ operationId: "users/get-authenticated", operationKey: "GET /user", status: 200, principal: { subject: "octocat" } });
  });

  it("answers 401 without a token, with an expired token, and with a revoked one", async () => {
    expect((await get("/user")).status).toBe(401);
    oauth.setAccessTokenTtl(60);
    const { access_token, expires_in } = await connect(oauth);
    oauth.setAccessTokenTtl(3600);
    expect(expires_in).toBe(60);
    expect((await get("/user", access_token)).status).toBe(200);
    oauth.advanceClock(61);
    const expired = await get("/user", access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain("invalid_token");
    const fresh = await connect(oauth);
    oauth.revokeAll();
    expect((await get("/user", fresh.access_token)).status).toBe(401);
  });

  it("creates an issue with a body that fits the description, and refuses one that does not with 400", async () => {
    const { access_token } = await connect(oauth);
    const post = (body: unknown) => fetch(`${github.baseUrl}/repos/octocat/hello-world/issues`, { method: "POST", headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    const ok = await post({ title: "Found a bug", labels: ["bug"] });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toHaveProperty("number");
    const noTitle = await post({ body: "no title" });
    expect(noTitle.status).toBe(400);
    expect((await noTitle.json()).message).toContain("title");
    const wrongType = await post({ title: "x", labels: "bug" });
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).message).toMatch(/labels.*array/);
  });

  it("refuses a query parameter of the wrong type, and answers 404 for a path the description lacks", async () => {
    const { access_token } = await connect(oauth);
    expect((await get("/user/repos?per_page=30&sort=updated", access_token)).status).toBe(200);
    const bad = await get("/user/repos?per_page=many", access_token);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("per_page");
    expect((await get("/no/such/thing", access_token)).status).toBe(404);
  });

  it("lets a test override an operation's answer and inject a failure", async () => {
    const { access_token } = await connect(oauth);
    github.setResponse("users/get-authenticated", { body: { login: "hubot" }, headers: { "x-ratelimit-remaining": "0" } });
    const res = await get("/user", access_token);
    expect([res.status, res.headers.get("x-ratelimit-remaining"), (await res.json()).login]).toEqual([200, "0", "hubot"]);
    github.setResponse("GET /user", null);
    github.failNext(502);
    expect((await get("/user", access_token)).status).toBe(502);
    expect((await get("/user", access_token)).status).toBe(200);
  });
});

describe("Slack API stand-in (slack.com description, slackAuth oauth2)", () => {
  let slack: ApiStandIn;
  beforeAll(async () => {
    slack = await startApiStandIn({ description: descriptionPath("slack"), auth: { type: "oauth2", oauth } });
  });
  afterAll(() => slack.stop());

  it("serves under the description's /api base path and takes the token as Bearer header or token parameter", async () => {
    const { access_token } = await connect(oauth);
    expect(slack.baseUrl).toBe(`${slack.url}/api`);
    const viaHeader = await fetch(`${slack.baseUrl}/auth.test`, { headers: { authorization: `Bearer ${access_token}` } });
    expect([viaHeader.status, (await viaHeader.json()).ok]).toEqual([200, true]);
    const viaQuery = await fetch(`${slack.baseUrl}/conversations.list?limit=10&token=${access_token}`);
    expect(viaQuery.status).toBe(200);
    expect((await fetch(`${slack.baseUrl}/auth.test`)).status).toBe(401);
  });

  it("takes chat.postMessage as a form body and refuses a JSON body the description does not declare", async () => {
    const { access_token } = await connect(oauth);
    const headers = { authorization: `Bearer ${access_token}` };
    const form = await fetch(`${slack.baseUrl}/chat.postMessage`, { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: "channel=C123&text=hello" });
    expect(form.status).toBe(200);
    expect(slack.requests.at(-1)!.body).toEqual({ channel: "C123", text: "hello" });
    const json = await fetch(`${slack.baseUrl}/chat.postMessage`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: '{"channel":"C123"}' });
    expect(json.status).toBe(415);
  });
});

describe("Stripe API stand-in (stripe.com description, HTTP Basic with the secret key)", () => {
  let stripe: ApiStandIn;
  const key = "sk_test_123";
  beforeAll(async () => {
    stripe = await startApiStandIn({ description: descriptionPath("stripe"), auth: { type: "basic", username: key, password: "" } });
  });
  afterAll(() => stripe.stop());

  it("accepts the secret key as Basic user name and refuses a wrong one", async () => {
    expect((await fetch(`${stripe.baseUrl}/v1/balance`, { headers: { authorization: basic(key, "") } })).status).toBe(200);
    const wrong = await fetch(`${stripe.baseUrl}/v1/balance`, { headers: { authorization: basic("sk_test_nope", "") } });
    expect(wrong.status).toBe(401);
  });

  it("validates form bodies with bracketed fields and answers a synthesized object", async () => {
    const post = (body: string) => fetch(`${stripe.baseUrl}/v1/customers`, { method: "POST", headers: { authorization: basic(key, ""), "content-type": "application/x-www-form-urlencoded" }, body });
    const ok = await post("email=jenny%40example.com&metadata[order]=6735&expand[]=tax");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ object: "customer" });
    const unknown = await post("email=jenny%40example.com&favourite_colour=teal");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toContain("favourite_colour");
  });

  it("refuses an auth configuration the description does not declare", async () => {
    await expect(startApiStandIn({ description: descriptionPath("stripe"), auth: { type: "apiKey", in: "header", name: "x-api-key", value: "k" } })).rejects.toThrow(/basicAuth/);
  });
});

describe("API keys in header and query", () => {
  it("checks an apiKey header (HubSpot private app)", async () => {
    const hubspot = await startApiStandIn({ description: descriptionPath("hubspot"), auth: { type: "apiKey", in: "header", name: "private-app", value: "pat-na1-abc" } });
    try {
      expect((await fetch(`${hubspot.baseUrl}/cms/v3/domains/`, { headers: { "private-app": "pat-na1-abc" } })).status).toBe(200);
      expect((await fetch(`${hubspot.baseUrl}/cms/v3/domains/`, { headers: { "private-app": "wrong" } })).status).toBe(401);
      expect((await fetch(`${hubspot.baseUrl}/cms/v3/domains/`)).status).toBe(401);
    } finally {
      await hubspot.stop();
    }
  });

  it("checks apiKeys in the query (Trello key and token, both required)", async () => {
    const trello = await startApiStandIn({
      description: descriptionPath("trello"),
      auth: [
        { type: "apiKey", in: "query", name: "key", value: "k1" },
        { type: "apiKey", in: "query", name: "token", value: "t1" },
      ],
    });
    try {
      expect((await fetch(`${trello.baseUrl}/members/me?key=k1&token=t1`)).status).toBe(200);
      expect((await fetch(`${trello.baseUrl}/members/me?key=k1`)).status).toBe(401);
      expect((await fetch(`${trello.baseUrl}/members/me?key=k1&token=bad`)).status).toBe(401);
    } finally {
      await trello.stop();
    }
  });
});

describe("descriptions given as parsed documents", () => {
  it("serves a Swagger 2 document with a recursive schema: cycles neither hang loading nor synthesis", async () => {
    const swagger = {
      swagger: "2.0",
      info: { title: "Tree", version: "1" },
      host: "api.tree.example",
      basePath: "/v2",
      securityDefinitions: { key: { type: "apiKey", in: "query", name: "api_key" } },
      security: [{ key: [] }],
      definitions: { Node: { type: "object", required: ["name"], properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/definitions/Node" } } } } },
      paths: {
        "/nodes/{id}": {
          parameters: [{ name: "id", in: "path", required: true, type: "integer" }],
          get: { responses: { "200": { description: "ok", schema: { $ref: "#/definitions/Node" } } } },
          put: { parameters: [{ name: "node", in: "body", required: true, schema: { $ref: "#/definitions/Node" } }], responses: { "204": { description: "saved" } } },
        },
      },
    };
    const tree = await startApiStandIn({ description: swagger, auth: { type: "apiKey", in: "query", name: "api_key", value: "k" } });
    try {
      expect(tree.description.serverUrl).toBe("https://api.tree.example/v2");
      const got = await fetch(`${tree.baseUrl}/nodes/7?api_key=k`);
      expect(got.status).toBe(200);
      expect(await got.json()).toEqual({ name: "string", children: [] });
      expect((await fetch(`${tree.baseUrl}/nodes/seven?api_key=k`)).status).toBe(400);
      const put = (body: unknown) => fetch(`${tree.baseUrl}/nodes/7?api_key=k`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      expect((await put({ name: "root", children: [{ name: "leaf" }] })).status).toBe(204);
      expect((await put({ children: [] })).status).toBe(400);
    } finally {
      await tree.stop();
    }
  });
});

describe("followRedirects", () => {
  it("follows a chain of redirects to the end and keeps cookies per host", async () => {
    const stops = { hit: 0 };
    const hop = await startApiStandIn({ description: { openapi: "3.0.0", info: { title: "hop", version: "1" }, paths: { "/a": { get: { responses: { "302": { description: "redirect" } } } }, "/b": { get: { responses: { "200": { description: "ok", content: { "application/json": { example: { done: true } } } } } } } } }, auth: { type: "none" } });
    try {
      hop.setResponse("GET /a", { status: 302, headers: { location: "/b", "set-cookie": "sid=abc; Path=/" } });
      hop.setResponse("GET /b", (req) => (stops.hit++, { body: { cookie: req.headers.cookie } }));
      const jar = new CookieJar();
      const walk = await followRedirects(`${hop.url}/a`, { cookieJar: jar });
      expect(walk.hops.map((h) => h.status)).toEqual([302, 200]);
      expect(walk.finalUrl).toBe(`${hop.url}/b`);
      expect(JSON.parse(walk.hops[1]!.body)).toEqual({ cookie: "sid=abc" });
    } finally {
      await hop.stop();
    }
  });
});
