/**
 * Connecting an OAuth 2.0 app end to end, against a real authorization server and a GitHub stand-in that follows
 * GitHub's published description, both on loopback; GitHub is pointed at them by configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { followRedirects, type ApiStandIn, type OAuthServer } from "../fixtures/providers/index.js";
import { githubStandIn } from "../helpers/github-stand-in.js";
import { toolByHttp } from "../helpers/tools.js";

let server: TestServer;
let oauth: OAuthServer;
let github: ApiStandIn;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
const logs: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: "debug" }, undefined, { logStream: new Writable({ write: (chunk, _enc, done) => (logs.push(String(chunk)), done()) }) });
  ({ oauth, github } = await githubStandIn(server, { scopes: ["repo", "user"] }));
  account = await server.newAccount();
});
afterAll(async () => {
  await server?.stop();
  await github?.stop();
  await oauth?.stop();
});

/** Creates a sign-in link and follows it like a browser; returns the last hop. */
async function connectGithub(key = account.key) {
  const link = await server.call("POST", "/api/v1/apps/github/connect", { key, body: {} });
  expect(link.status).toBe(201);
  const walk = await followRedirects(link.body.url);
  return { link: link.body, walk, last: walk.hops.at(-1)! };
}

describe("OAuth 2.0 connect flow", () => {
  it("answers 409 app_not_configured, saying how to configure it, for an OAuth app without a client", async () => {
    const res = await server.call("POST", "/api/v1/apps/googlecalendar/connect", { key: account.key, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("app_not_configured");
    expect(res.body.error.message).toContain("patchbay app configure googlecalendar");
  });

  it("connects GitHub: link → provider's authorize (state + PKCE S256) → callback → code exchange → connection", async () => {
    const { link, walk, last } = await connectGithub();
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const authorize = new URL(walk.hops[1].url);
    expect(authorize.origin).toBe(new URL(oauth.authorizeUrl).origin);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("state")).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(authorize.searchParams.get("scope")).toBe("repo user");
    expect(last.status, String(last.body)).toBe(200);
    expect(last.body).toContain("is connected");
    const tokenCall = oauth.calls.find((c) => c.grantType === "authorization_code");
    expect(tokenCall?.status).toBe(200);

    const connections = await server.call("GET", "/api/v1/connections?app=github", { key: account.key });
    expect(connections.body).toHaveLength(1);
    expect(connections.body[0]).toMatchObject({ app: "github", status: "active", authType: "oauth2", scopes: ["repo", "user"] });
  });

  it("refuses to use a link twice", async () => {
    const link = await server.call("POST", "/api/v1/apps/github/connect", { key: account.key, body: {} });
    await followRedirects(link.body.url);
    const again = await fetch(link.body.url, { redirect: "manual" });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("already used");
  });

  it("refuses an expired link, storing nothing", async () => {
    const before = (await server.call("GET", "/api/v1/connections", { key: account.key })).body.length;
    const link = await server.call("POST", "/api/v1/apps/github/connect", { key: account.key, body: {} });
    await server.service.services.db.connectLink.updateMany({ where: { appId: "github", openedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await fetch(link.body.url, { redirect: "manual" });
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("expired");
    expect((await server.call("GET", "/api/v1/connections", { key: account.key })).body.length).toBe(before);
  });

  it("refuses a tampered link and a tampered state with a clear page", async () => {
    const link = await server.call("POST", "/api/v1/apps/github/connect", { key: account.key, body: {} });
    const tampered = link.body.url.slice(0, -1) + (link.body.url.endsWith("a") ? "b" : "a");
    expect((await fetch(tampered, { redirect: "manual" })).status).toBe(404);
    const res = await fetch(`${server.url}/connect/callback?code=abc&state=${"x".repeat(32)}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("did not match a sign-in Patchbay started");
  });

  it("stores nothing when the code does not fit the PKCE verifier of its state", async () => {
    const before = (await server.call("GET", "/api/v1/connections", { key: account.key })).body.length;
    const first = await server.call("POST", "/api/v1/apps/github/connect", { key: account.key, body: {} });
    const second = await server.call("POST", "/api/v1/apps/github/connect", { key: account.key, body: {} });
    // Take each flow up to the provider's redirect back, without delivering it.
    const stop = { stopAt: (u: URL) => u.pathname === "/connect/callback" };
    const a = new URL((await followRedirects(first.body.url, stop)).finalUrl);
    const b = new URL((await followRedirects(second.body.url, stop)).finalUrl);
    // B's code with A's state: A's verifier does not match B's challenge.
    const res = await fetch(`${server.url}/connect/callback?code=${b.searchParams.get("code")}&state=${a.searchParams.get("state")}`);
    expect(res.status).toBe(502);
    expect(oauth.calls.at(-1)).toMatchObject({ grantType: "authorization_code", status: 400 });
    expect((await server.call("GET", "/api/v1/connections", { key: account.key })).body.length).toBe(before);
  });

  it("stores nothing when the user declines at the provider", async () => {
    const before = (await server.call("GET", "/api/v1/connections", { key: account.key })).body.length;
    oauth.denyNext();
    const { last } = await connectGithub();
    expect(last.status).toBe(400);
    expect(last.body).toContain("was not connected");
    expect((await server.call("GET", "/api/v1/connections", { key: account.key })).body.length).toBe(before);
  });
});

describe("using an OAuth connection", () => {
  let other: Awaited<ReturnType<TestServer["newAccount"]>>;
  beforeAll(async () => {
    other = await server.newAccount();
    await connectGithub(other.key);
  });

  it("calls the app through the proxy with the token injected, and says which connection it used", async () => {
    const res = await server.call("POST", "/api/v1/apps/github/request", { key: other.key, body: { method: "GET", path: "/user" } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(200);
    const connections = (await server.call("GET", "/api/v1/connections?app=github", { key: other.key })).body;
    expect(res.body.connection).toBe(connections[0].id);
    const seen = github.requests.at(-1)!;
    expect(seen.path).toBe("/user");
    expect(String(seen.headers.authorization)).toMatch(/^Bearer /);
  });

  it("refreshes a token that is about to expire before using it", async () => {
    oauth.setAccessTokenTtl(30);
    const { walk } = await connectGithub(other.key);
    expect(walk.hops.at(-1)!.status).toBe(200);
    const refreshesBefore = oauth.calls.filter((c) => c.grantType === "refresh_token").length;
    const res = await server.call("POST", "/api/v1/apps/github/request", { key: other.key, body: { method: "GET", path: "/user" } });
    expect(res.body.status).toBe(200);
    expect(oauth.calls.filter((c) => c.grantType === "refresh_token" && c.status === 200).length).toBe(refreshesBefore + 1);
    oauth.setAccessTokenTtl(3600);
  });

  it("refreshes once more when the app answers 401, then retries", async () => {
    const { walk } = await connectGithub(other.key);
    expect(walk.hops.at(-1)!.status).toBe(200);
    oauth.advanceClock(7200); // the provider now considers the access token expired; Patchbay does not know yet
    const refreshesBefore = oauth.calls.filter((c) => c.grantType === "refresh_token").length;
    const res = await server.call("POST", "/api/v1/apps/github/request", { key: other.key, body: { method: "GET", path: "/user" } });
    expect(res.body.status).toBe(200);
    expect(oauth.calls.filter((c) => c.grantType === "refresh_token").length).toBe(refreshesBefore + 1);
  });

  it("marks a connection whose refresh fails as needing re-connection, and never uses it silently", async () => {
    const third = await server.newAccount();
    oauth.setAccessTokenTtl(30);
    await connectGithub(third.key);
    oauth.setAccessTokenTtl(3600);
    oauth.failNextRefresh();
    const res = await server.call("POST", "/api/v1/apps/github/request", { key: third.key, body: { method: "GET", path: "/user" } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("connection_needs_reconnect");
    expect(res.body.error.message).toContain("/api/v1/apps/github/connect");
    const list = await server.call("GET", "/api/v1/connections?app=github", { key: third.key });
    expect(list.body[0].status).toBe("needs_reconnect");
    const app = await server.call("GET", "/api/v1/apps/github", { key: third.key });
    expect(app.body.connectionStatus).toBe("needs_reconnect");
    const again = await server.call("POST", "/api/v1/apps/github/request", { key: third.key, body: { method: "GET", path: "/user" } });
    expect(again.body.error.code).toBe("connection_needs_reconnect");
  });

  it("runs a GitHub tool: arguments become path and body, the stand-in accepts it as GitHub's description says", async () => {
    const tool = toolByHttp(server.service.services.catalog, "github", "POST", "/repos/{owner}/{repo}/issues");
    const res = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: other.key, body: { arguments: { owner: "octo", repo: "hello", title: "Found a bug", body: "Steps..." } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tool: tool.name, app: "github", successful: true, status: 201, replayed: false });
    expect(res.body.runId).toMatch(/^run_/);
    const seen = github.requests.at(-1)!;
    expect(seen).toMatchObject({ method: "POST", path: "/repos/octo/hello/issues" });
    expect(seen.body).toMatchObject({ title: "Found a bug" });
  });

  it("refuses arguments that do not fit the tool's schema, naming the argument, without calling the app", async () => {
    const tool = toolByHttp(server.service.services.catalog, "github", "POST", "/repos/{owner}/{repo}/issues");
    const before = github.requests.length;
    const res = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: other.key, body: { arguments: { owner: "octo", repo: "hello" } } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("title");
    const wrongType = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: other.key, body: { arguments: { owner: "octo", repo: "hello", title: "x", labels: "bug" } } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toContain("arguments.labels must be array");
    expect(github.requests.length).toBe(before);
  });

  it("returns the first result for a retried run with the same Idempotency-Key, acting once", async () => {
    const tool = toolByHttp(server.service.services.catalog, "github", "POST", "/repos/{owner}/{repo}/issues");
    const body = { arguments: { owner: "octo", repo: "hello", title: "Only once" } };
    const headers = { "idempotency-key": "create-issue-7f3a" };
    const before = github.requests.length;
    const first = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: other.key, body, headers });
    const second = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: other.key, body, headers });
    expect(second.body).toEqual({ ...first.body, replayed: true });
    expect(github.requests.length).toBe(before + 1);
    const reuse = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: other.key, body: { arguments: { ...body.arguments, title: "Other" } }, headers });
    expect(reuse.status).toBe(409);
    expect(reuse.body.error.code).toBe("idempotency_conflict");
  });

  it("keeps another account's connections out of reach", async () => {
    const mine = (await server.call("GET", "/api/v1/connections", { key: other.key })).body[0];
    const stranger = await server.newAccount();
    expect((await server.call("DELETE", `/api/v1/connections/${mine.id}`, { key: stranger.key })).status).toBe(404);
    const use = await server.call("POST", "/api/v1/apps/github/request", { key: stranger.key, body: { method: "GET", path: "/user", connection: mine.id } });
    expect(use.status).toBe(404);
    expect((await server.call("GET", "/api/v1/connections", { key: stranger.key })).body).toEqual([]);
  });

  it("lists runs newest first, with arguments redacted", async () => {
    const runs = await server.call("GET", "/api/v1/runs", { key: other.key });
    expect(runs.status).toBe(200);
    expect(runs.body.length).toBeGreaterThan(0);
    expect(runs.body[0]).toMatchObject({ app: "github", status: "succeeded" });
    const times = runs.body.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it("never stores a token in plain text, and never logs one", async () => {
    const tokens = [...oauth.issued.accessTokens, ...oauth.issued.refreshTokens].map((t) => t.value);
    expect(tokens.length).toBeGreaterThan(3);
    const db = server.service.services.db;
    const rows = JSON.stringify([await db.connection.findMany(), await db.connectLink.findMany(), await db.run.findMany(), await db.appConfig.findMany()]);
    for (const token of tokens) expect(rows).not.toContain(token);
    expect(rows).not.toContain("gh-client-secret");
    const logText = logs.join("");
    expect(logText.length).toBeGreaterThan(1000);
    for (const token of tokens) expect(logText).not.toContain(token);
    expect(logText).not.toContain(account.key);
  });

  it("disconnects: the connection is gone and a second delete is 404", async () => {
    const mine = (await server.call("GET", "/api/v1/connections", { key: other.key })).body[0];
    const res = await server.call("DELETE", `/api/v1/connections/${mine.id}`, { key: other.key });
    expect(res.body).toEqual({ id: mine.id, deleted: true });
    expect((await server.call("DELETE", `/api/v1/connections/${mine.id}`, { key: other.key })).status).toBe(404);
  });
});
