/**
 * The request log never holds a credential: sign-in link tokens (opening the link, submitting its form, the OAuth
 * redirect and callback with code and state), the key of the MCP URL form, inbound webhook tokens, and a secret
 * typed into a credential form. Each is searched for in the captured log (debug level) as is and encoded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { githubStandIn } from "../helpers/github-stand-in.js";
import { mcpClient } from "../helpers/mcp-client.js";
import { descriptionPath, followRedirects, startApiStandIn, type ApiStandIn } from "../fixtures/providers/index.js";
import { configureApp } from "../../src/domain/app-settings.js";
import { occurrences } from "./support/database.js";

let server: TestServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
let gh: Awaited<ReturnType<typeof githubStandIn>>;
let stripe: ApiStandIn;
const logs: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: "debug" }, undefined, { logStream: new Writable({ write: (chunk, _enc, done) => (logs.push(String(chunk)), done()) }) });
  account = await server.newAccount();
  gh = await githubStandIn(server);
  stripe = await startApiStandIn({ description: descriptionPath("stripe"), auth: { type: "bearer", value: "sk_test_formsecret0123456789" } });
  await configureApp(server.service.services.db, server.service.services.secrets, "stripe", { baseUrl: stripe.baseUrl });
});
afterAll(async () => {
  await server?.stop();
  await gh?.stop();
  await stripe?.stop();
});

/** The request log lines so far, parsed. */
const requestLines = () =>
  logs.join("").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { msg: string; path?: string; status?: number }).filter((l) => l.msg === "request");

const tokenOf = (url: string, prefix: string) => new URL(url).pathname.slice(prefix.length);

describe("the request log", () => {
  it("never holds a sign-in link token, an OAuth code or an OAuth state", async () => {
    const link = await server.call("POST", "/api/v1/apps/github/connect", { key: account.key, body: {} });
    const walk = await followRedirects(link.body.url);
    expect(walk.hops.at(-1)!.status).toBe(200);
    const callback = new URL(walk.hops.find((h) => new URL(h.url).pathname === "/connect/callback")!.url);
    const secrets = [tokenOf(link.body.url, "/connect/"), callback.searchParams.get("code")!, callback.searchParams.get("state")!];
    // A reused link, a link with the path in capitals (the router ignores case) and a replayed callback are logged too.
    await fetch(link.body.url, { redirect: "manual" });
    await fetch(link.body.url.replace("/connect/", "/CONNECT/"), { redirect: "manual" });
    await fetch(callback.toString(), { redirect: "manual" });
    expect(occurrences(logs.join(""), secrets)).toEqual([]);
    const paths = requestLines().map((l) => l.path);
    expect(paths).toContain("/connect/[REDACTED]");
    expect(paths).toContain("/CONNECT/[REDACTED]");
    expect(paths).toContain("/connect/callback?code=[REDACTED]&state=[REDACTED]");
  });

  it("never holds the token of a credential form's link, nor the secret typed into it", async () => {
    const link = await server.call("POST", "/api/v1/apps/stripe/connect", { key: account.key, body: {} });
    expect((await fetch(link.body.url)).status).toBe(200);
    const submit = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ secret: "sk_test_formsecret0123456789" }), redirect: "manual" });
    expect(submit.status).toBe(200);
    expect(occurrences(logs.join(""), [tokenOf(link.body.url, "/connect/"), "sk_test_formsecret0123456789"])).toEqual([]);
    expect(requestLines().filter((l) => l.path === "/connect/[REDACTED]").length).toBeGreaterThanOrEqual(2);
  });

  it("never holds the key of the MCP URL form, sent as is or percent-encoded", async () => {
    const client = await mcpClient(server.url, account.key, { urlKey: true });
    await client.listTools();
    await client.close();
    const encoded = [...account.key].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("");
    const res = await fetch(`${server.url}/mcp/k/${encoded}`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect(res.status).toBe(200);
    expect(occurrences(logs.join(""), [account.key])).toEqual([]);
    expect(requestLines().some((l) => l.path === "/mcp/k/[REDACTED]")).toBe(true);
  });

  it("never holds an API key sent in a query parameter or a wrong path", async () => {
    await fetch(`${server.url}/api/v1/me?api_key=${account.key}`);
    await fetch(`${server.url}/api/v1/${account.key}`);
    await fetch(`${server.url}/api/v1/me?%61pi_key=${encodeURIComponent(account.key)}`);
    expect(occurrences(logs.join(""), [account.key])).toEqual([]);
  });

  it("never holds an inbound webhook token, whatever the method or the answer", async () => {
    const created = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { source: "webhook", name: "log test" } });
    const inbound: string = created.body.trigger.inboundUrl;
    expect((await fetch(inbound, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(202);
    expect((await fetch(inbound)).status).toBe(405);
    expect((await fetch(inbound, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" })).status).toBe(400);
    expect(occurrences(logs.join(""), [tokenOf(inbound, "/hooks/")])).toEqual([]);
    expect(requestLines().filter((l) => l.path === "/hooks/[REDACTED]").map((l) => l.status)).toEqual(expect.arrayContaining([202, 405, 400]));
  });
});
