/**
 * The rough edges a newcomer met (issue 16): the caller's connection label, the 401 challenge without a key, the MCP
 * Host refusal, and messages that say exactly what to do (the real callback URL, a complete key command, a README
 * section that exists).
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { descriptionPath, startApiStandIn, type ApiStandIn } from "../fixtures/providers/index.js";
import { configureApp } from "../../src/domain/app-settings.js";
import { rootDir } from "../../src/db/paths.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";

let server: TestServer;
let stripe: ApiStandIn;
beforeAll(async () => {
  server = await startTestServer();
  stripe = await startApiStandIn({ description: descriptionPath("stripe"), auth: { type: "bearer", value: "sk_test_label" } });
  await configureApp(server.service.services.db, server.service.services.secrets, "stripe", { baseUrl: stripe.baseUrl });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

/** A raw request, so that the Host header can name another server. */
function rawPost(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: "POST", headers }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("the 401 challenge", () => {
  it("carries error=\"invalid_token\" only when a key was sent and is not valid", async () => {
    const bad = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: "Bearer patchbay_sk_nope" } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toBe('Bearer realm="patchbay", error="invalid_token"');
    const none = await fetch(`${server.url}/api/v1/me`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="patchbay"');
  });

  it("is the same on the MCP endpoint for a key that is not valid; without a key /mcp is the agent host's anonymous session", async () => {
    const call = (headers: Record<string, string>) =>
      fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    const bad = await call({ authorization: "Bearer patchbay_sk_nope" });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toBe('Bearer realm="patchbay", error="invalid_token"');
    // The base URL is also the agent URL here (the default): no credential is needed for the public tools there.
    const none = await call({});
    expect(none.status).toBe(200);
    expect(((await none.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name)).toContain("create_checkout");
  });
});

describe("the MCP endpoint on an unknown Host", () => {
  it("answers 403 naming PATCHBAY_BASE_URL and the names it answers for", async () => {
    const res = await rawPost("/mcp", { host: "patchbay.example.com", "content-type": "application/json" }, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }));
    expect(res.status).toBe(403);
    const message = JSON.parse(res.text).error.message as string;
    expect(message).toContain("Invalid Host header: patchbay.example.com");
    expect(message).toContain("PATCHBAY_BASE_URL");
    expect(message).toContain(new URL(server.url).host);
  });
});

describe("messages that say what to do", () => {
  it("names this server's real OAuth callback URL for an app without an OAuth client", async () => {
    const { key } = await server.newAccount();
    const res = await server.call("POST", "/api/v1/apps/googlecalendar/connect", { key, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(`(redirect URI: ${server.service.services.config.baseUrl}/connect/callback)`);
    expect(res.body.error.message).not.toContain("<base_url>");
  });

  it("gives a complete key command when a key lacks a permission", async () => {
    const { key } = await server.newAccount();
    const me = (await server.call("GET", "/api/v1/me", { key })).body;
    const readOnly = await server.service.services.db.apiKey.findMany({ where: { accountId: me.id } });
    expect(readOnly).toHaveLength(1);
    await server.service.services.db.apiKey.update({ where: { id: readOnly[0]!.id }, data: { permissions: "read" } });
    const res = await server.call("POST", "/api/v1/apps/stripe/connect", { key, body: {} });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain(`patchbay key create --email ${me.email} --project "${readOnly[0]!.project}" --permissions read,connect`);
  });

  it("points 501 answers to a README section that exists", async () => {
    const readme = readFileSync(join(rootDir, "README.md"), "utf8");
    const text = readFileSync(join(rootDir, "src/handlers/not-implemented.ts"), "utf8");
    const section = /see the README, "([^"]+)"/.exec(text)?.[1];
    expect(section).toBeDefined();
    expect(readme).toMatch(new RegExp(`^#+ ${section}$`, "m"));
  });
});

describe("the connection label", () => {
  it("keeps the label given with the sign-in link, over the identity the provider reports", async () => {
    const { key } = await server.newAccount();
    const link = await server.call("POST", "/api/v1/apps/stripe/connect", { key, body: { label: "billing (test mode)" } });
    expect(link.status).toBe(201);
    const res = await fetch(link.body.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: "sk_test_label" }),
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    const [conn] = (await server.call("GET", "/api/v1/connections?app=stripe", { key })).body;
    expect(conn.label).toBe("billing (test mode)");
  });

  it("takes the provider's identity when no label was given", async () => {
    const { key } = await server.newAccount();
    const link = await server.call("POST", "/api/v1/apps/stripe/connect", { key, body: {} });
    await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ secret: "sk_test_label" }), redirect: "manual" });
    const [conn] = (await server.call("GET", "/api/v1/connections?app=stripe", { key })).body;
    expect(conn.label).toBeTruthy();
    expect(conn.label).not.toBe("billing (test mode)");
  });
});

describe("GET /apps/{app}", () => {
  it("says the operator configured nothing for an app used as published", async () => {
    const { key } = await server.newAccount();
    const res = await server.call("GET", "/api/v1/apps/zoom", { key });
    expect(res.status).toBe(200);
    expect(res.body.operator).toEqual({ configured: false, oauthClient: false, scopes: null, baseUrlOverridden: false });
  });

  it("says what the operator set, never the client secret", async () => {
    const { key } = await server.newAccount();
    await configureApp(server.service.services.db, server.service.services.secrets, "googlecalendar", { clientId: "gcal-id", clientSecret: "gcal-secret-value", scopes: ["calendar.readonly"] });
    const res = await server.call("GET", "/api/v1/apps/googlecalendar", { key });
    expect(res.body.operator).toEqual({ configured: true, oauthClient: true, scopes: ["calendar.readonly"], baseUrlOverridden: false });
    expect(JSON.stringify(res.body)).not.toContain("gcal-secret-value");
    expect((await server.call("GET", "/api/v1/apps/stripe", { key })).body.operator).toMatchObject({ configured: true, oauthClient: false, baseUrlOverridden: true });
  });
});

describe("a sign-in link of an app without sign-in", () => {
  it("is not used up by opening it (a link preview): it shows a button, and the POST connects", async () => {
    const { key } = await server.newAccount();
    const link = await server.call("POST", "/api/v1/apps/1forge/connect", { key, body: {} });
    expect(link.status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const preview = await fetch(link.body.url);
      expect(preview.status).toBe(200);
      const html = await preview.text();
      expect(html).toContain('<form method="post">');
      expect(html).toContain("needs no sign-in");
    }
    expect((await server.call("GET", "/api/v1/connections?app=1forge", { key })).body).toEqual([]);
    const confirm = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "", redirect: "manual" });
    expect(confirm.status).toBe(200);
    expect((await server.call("GET", "/api/v1/connections?app=1forge", { key })).body).toHaveLength(1);
    const again = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "", redirect: "manual" });
    expect(again.status).toBe(410);
  });
});

describe("the credential form", () => {
  it("says which credential the app needs and where it goes", async () => {
    const { key } = await server.newAccount();
    const link = await server.call("POST", "/api/v1/apps/stripe/connect", { key, body: {} });
    const html = await (await fetch(link.body.url)).text();
    expect(html).toMatch(/Stripe needs [^<]+ \(sent in <code>Authorization: Bearer …<\/code>\)/);
  });
});
