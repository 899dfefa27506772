/**
 * `POST /mcp` without a key on the agent host: an anonymous session with the public tools, counted like the rest of
 * the agent host (one tool call per second per client here), tested with the official MCP SDK client on both
 * setups: one host (PATCHBAY_AGENT_URL = base URL, the default) and a separate agent host name served by the same
 * process. A key, when sent, must be valid; with one the endpoint is the account's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mcpClient } from "../helpers/mcp-client.js";
import { revokeKey } from "../../src/domain/keys.js";
import { MCP_PROTOCOL_FACTOR } from "../../src/agent/rate-limit.js";

const SIX = ["connect_app", "find_tools", "get_tool", "list_connections", "run_tool", "search_apps"];
/** The agent host's /mcp offers create_checkout besides. */
const ON_AGENT_HOST = [...SIX, "create_checkout"].sort();
const AGENT_HOST = "agents.test";

/**
 * A fetch that sends every request to the test server's port with the URL's own Host header, so that a client can
 * address `http://agents.test/mcp` as it would in production (fetch itself cannot set Host).
 */
function fetchThrough(port: number): typeof fetch {
  return (input, init) =>
    new Promise((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const headers: Record<string, string> = { ...Object.fromEntries(new Headers(init?.headers).entries()), host: url.host };
      const req = http.request({ host: "127.0.0.1", port, path: url.pathname + url.search, method: init?.method ?? "GET", headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const status = res.statusCode!;
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers: Object.entries(res.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : v === undefined ? [] : [[k, v] as [string, string]])) }));
        });
      });
      req.on("error", reject);
      req.end(init?.body as string | undefined);
    });
}

interface Setup {
  name: string;
  env: Record<string, string>;
  /** The agent host's MCP URL, and the fetch that reaches it. */
  mcpUrl(server: TestServer): string;
  fetch(server: TestServer): typeof fetch;
}

const setups: Setup[] = [
  { name: "one host (PATCHBAY_AGENT_URL is the base URL)", env: {}, mcpUrl: (s) => `${s.url}/mcp`, fetch: () => fetch },
  {
    name: "a separate agent host",
    env: { PATCHBAY_AGENT_URL: `http://${AGENT_HOST}` },
    mcpUrl: () => `http://${AGENT_HOST}/mcp`,
    fetch: (s) => fetchThrough(Number(new URL(s.url).port)),
  },
];

let addresses = 0;
/** A client address of its own (X-Forwarded-For, trusted in these servers), so that tests do not share a budget. */
const newAddress = () => `198.51.100.${++addresses}`;

describe.each(setups)("on $name", (setup) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...setup.env, PATCHBAY_AGENT_RATE_LIMIT_PER_SECOND: "1", PATCHBAY_TRUST_PROXY: "true" });
  }, 120_000);
  afterAll(() => server?.stop());

  /** The official SDK client on the agent host's /mcp: no key unless given, from an address of its own. */
  const connect = async (opts: { key?: string; urlKey?: boolean; address?: string } = {}) => {
    const base = setup.mcpUrl(server);
    const url = new URL(opts.key && opts.urlKey ? `${base}/k/${opts.key}` : base);
    const headers: Record<string, string> = { "x-forwarded-for": opts.address ?? newAddress(), ...(opts.key && !opts.urlKey ? { authorization: `Bearer ${opts.key}` } : {}) };
    const client = new Client({ name: "patchbay-tests", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers }, fetch: setup.fetch(server) }));
    return client;
  };
  const post = (body: unknown, headers: Record<string, string>) =>
    setup.fetch(server)(setup.mcpUrl(server), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(body),
    });
  const errorOf = (result: unknown) => (result as { structuredContent: { error: { code: string; message: string } } }).structuredContent.error;

  describe("without a key", () => {
    it("refuses the account's tools with a tool error that says how to get a key", async () => {
      for (const [name, args] of [["connect_app", { app: "github" }], ["list_connections", {}], ["run_tool", { tool: "GITHUB_GET_THE_AUTHENTICATED_USER" }]] as const) {
        const client = await connect();
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError).toBe(true);
        expect(errorOf(result).code).toBe("unauthorized");
        expect(errorOf(result).message).toContain("API key");
        expect(errorOf(result).message).toContain(`${server.service.services.config.baseUrl}/developer`);
        await client.close();
      }
    });

    it("lists the six tools and create_checkout, and says in its instructions what works without a key", async () => {
      const client = await connect();
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(ON_AGENT_HOST);
      expect(client.getInstructions()).toMatch(/no Patchbay API key: search_apps, find_tools, get_tool, create_checkout work/);
      await client.close();
    });

    it("starts a checkout with create_checkout: requires_escalation and a continue_url on the agent host", async () => {
      const products = await setup.fetch(server)(setup.mcpUrl(server).replace(/\/mcp$/, "/agent/commerce/products"), { headers: { "x-forwarded-for": newAddress() } });
      expect(products.status).toBe(200);
      const offer = ((await products.json()) as { products: { id: string }[] }).products[0]!;
      const client = await connect();
      const result = await client.callTool({ name: "create_checkout", arguments: { item_id: offer.id } });
      expect(result.isError).toBeFalsy();
      const session = result.structuredContent as { status: string; continue_url: string };
      expect(session.status).toBe("requires_escalation");
      expect(session.continue_url.startsWith(`${server.service.services.config.agentUrl}/`)).toBe(true);
      expect((result.content as { text: string }[])[0]!.text).toContain(session.continue_url);
      await client.close();
    });

    it("answers search_apps over the public catalog, as GET /api/v1/catalog does", async () => {
      const client = await connect();
      const result = await client.callTool({ name: "search_apps", arguments: { search: "github", limit: 3 } });
      expect(result.isError).toBeFalsy();
      const rest = await server.call("GET", "/api/v1/catalog?search=github&limit=3", { key: null });
      expect((result.structuredContent as { items: unknown[] }).items).toEqual(rest.body);
      expect((result.structuredContent as { items: { id: string }[] }).items.map((a) => a.id)).toContain("github");
      await client.close();
    });

    it("answers find_tools and get_tool as they answer an account with nothing connected", async () => {
      const { key } = await server.newAccount();
      const keyed = await connect({ key });
      const anonymous = await connect();
      const find = { task: "create an issue on GitHub", limit: 5 };
      const found = await anonymous.callTool({ name: "find_tools", arguments: find });
      expect(found.isError).toBeFalsy();
      expect(found.structuredContent).toEqual((await keyed.callTool({ name: "find_tools", arguments: find })).structuredContent);
      const first = (found.structuredContent as { tools: { name: string }[] }).tools[0]!.name;
      expect(first).toMatch(/^GITHUB_/);
      const tool = await (await connect()).callTool({ name: "get_tool", arguments: { tool: first } });
      expect(tool.structuredContent).toEqual((await server.call("GET", `/api/v1/tools/${first}`, { key })).body);
      await anonymous.close();
      await keyed.close();
    });

    it("answers find_tools with the REST answer's notice and honours includeDeprecated, as POST /tools/find does", async () => {
      const { key } = await server.newAccount();
      // An app the catalog does not have: the notice names it and the nearest apps, as over REST.
      const unknown = { task: "add 'water plants' to my frobly inbox", limit: 5 };
      const found = await (await connect()).callTool({ name: "find_tools", arguments: unknown });
      expect(found.isError).toBeFalsy();
      const rest = await server.call("POST", "/api/v1/tools/find", { key, body: unknown });
      expect(rest.status).toBe(200);
      expect(rest.body.notice).toMatchObject({ code: "app_not_in_catalog", app: "Frobly" });
      expect(found.structuredContent).toEqual(rest.body);
      // A retired app's tools only when asked for.
      const retired = { task: "get my recent Instagram media", limit: 10 };
      const apps = (r: unknown) => (r as { structuredContent: { tools: { app: string }[] } }).structuredContent.tools.map((t) => t.app);
      expect(apps(await (await connect()).callTool({ name: "find_tools", arguments: retired }))).not.toContain("instagram_legacy_v1");
      const asked = await (await connect()).callTool({ name: "find_tools", arguments: { ...retired, includeDeprecated: true } });
      expect(apps(asked)).toContain("instagram_legacy_v1");
      expect(asked.structuredContent).toEqual((await server.call("POST", "/api/v1/tools/find", { key, body: { ...retired, includeDeprecated: true } })).body);
    });

    it("reports an unknown tool or app as a tool error (404 code), and bad arguments as invalid_request", async () => {
      const missing = await (await connect()).callTool({ name: "get_tool", arguments: { tool: "NO_SUCH_TOOL_ANYWHERE" } });
      expect(missing.isError).toBe(true);
      expect(errorOf(missing).code).toBe("not_found");
      const noApp = await (await connect()).callTool({ name: "find_tools", arguments: { task: "anything", app: "no-such-app" } });
      expect(errorOf(noApp).code).toBe("not_found");
      const bad = await (await connect()).callTool({ name: "find_tools", arguments: { task: "x", limit: 500 } });
      expect(errorOf(bad)).toMatchObject({ code: "invalid_request", message: expect.stringContaining("limit") });
    });

    it("counts tool calls at the agent host's rate: past one a second, 429 with Retry-After in the error shape", async () => {
      const address = newAddress();
      const client = await connect({ address }); // initialize and the initialized notification: the protocol allowance
      await client.listTools();
      const search = { name: "search_apps", arguments: { search: "slack", limit: 1 } };
      // Sent together, so that they fall in one second even on a loaded machine: one is served, three are refused.
      const viaSdk = await Promise.allSettled([
        client.callTool(search),
        client.callTool(search),
        ...[1, 2].map((id) => post({ jsonrpc: "2.0", id, method: "tools/call", params: search }, { "x-forwarded-for": address })),
      ]);
      const statuses = viaSdk.map((r) => (r.status === "rejected" ? (r.reason as StreamableHTTPError).code : r.value instanceof Response ? r.value.status : 200));
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
      const refused = viaSdk.map((r) => (r.status === "fulfilled" && r.value instanceof Response && r.value.status === 429 ? r.value : null)).find(Boolean)!;
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await refused.json()).error).toMatchObject({ code: "rate_limited", requestId: expect.any(String) });
      // Another client has its own budget.
      expect((await (await connect()).callTool(search)).isError).toBeFalsy();
      await client.close();
    });

    it("counts every tool call of a batch", async () => {
      const call = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "search_apps", arguments: { limit: 1 } } });
      const res = await post([call(1), call(2)], { "x-forwarded-for": newAddress() });
      expect(res.status).toBe(429);
    });

    it("bounds the protocol's own messages too (ping, tools/list), at a larger allowance", async () => {
      const address = newAddress();
      const answers = await Promise.all(Array.from({ length: MCP_PROTOCOL_FACTOR + 2 }, (_, i) => post({ jsonrpc: "2.0", id: i, method: "ping" }, { "x-forwarded-for": address })));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200).length).toBe(MCP_PROTOCOL_FACTOR);
      expect(statuses.filter((s) => s === 429).length).toBe(2);
    });
  });

  describe("with a key", () => {
    it("is the account's endpoint: every tool works, in the header or in the URL", async () => {
      const { key } = await server.newAccount();
      for (const urlKey of [false, true]) {
        const client = await connect({ key, urlKey });
        expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(ON_AGENT_HOST);
        const connected = await client.callTool({ name: "connect_app", arguments: { app: "github" } });
        expect(connected.isError).toBeFalsy();
        expect((connected.structuredContent as { url: string }).url).toMatch(/^http/);
        expect((await client.callTool({ name: "list_connections", arguments: {} })).isError).toBeFalsy();
        await client.close();
      }
    });

    it("refuses a wrong or revoked key with 401: it never becomes an anonymous session", async () => {
      const { key, keyId } = await server.newAccount();
      await revokeKey(server.service.services.db, keyId);
      const list = { jsonrpc: "2.0", id: 1, method: "tools/list" };
      for (const sent of [key, `patchbay_sk_${"x".repeat(43)}`]) {
        const res = await post(list, { authorization: `Bearer ${sent}`, "x-forwarded-for": newAddress() });
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect((await res.json()).error.code).toBe("unauthorized");
        expect(await connect({ key: sent, urlKey: true }).catch((err: StreamableHTTPError) => err.code)).toBe(401);
      }
    });
  });
});

describe("a separate agent host leaves the base host's /mcp as it was", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PATCHBAY_AGENT_URL: `http://${AGENT_HOST}` });
  }, 120_000);
  afterAll(() => server?.stop());

  it("offers the six tools there, with a key, and not create_checkout", async () => {
    const { key } = await server.newAccount();
    const client = await mcpClient(server.url, key);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(SIX);
    await expect(client.callTool({ name: "create_checkout", arguments: { item_id: "x" } })).rejects.toThrow(/Unknown tool/);
    await client.close();
  });

  it("answers 401 without a key on the base host", async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("unauthorized");
  });

  it("lists the agent host's /mcp first in the server card, its key optional, and the base host's with the key required", async () => {
    const card = (await server.call("GET", "/.well-known/mcp/server-card.json", { key: null })).body;
    const base = server.service.services.config.baseUrl;
    expect(card.remotes.map((r: { url: string }) => r.url)).toEqual([`http://${AGENT_HOST}/mcp`, `${base}/mcp`, `${base}/mcp/k/{api_key}`]);
    expect(card.remotes[0].headers[0].isRequired).toBe(false);
    expect(card.remotes[1].headers[0].isRequired).toBe(true);
  });
});
