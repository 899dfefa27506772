/**
 * More real MCP servers: the reference "memory" server (@modelcontextprotocol/server-memory, stdio) behind
 * supergateway's stdio → Streamable HTTP bridge, both from npm; and a server made with the official SDK whose tool
 * list changes during a call (notifications/tools/list_changed). Also the JavaScript client library's wrappers
 * of the connector operations and its tool definitions for custom tools.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mcpClient } from "../helpers/mcp-client.js";
import { Patchbay } from "../../sdk/js/src/index.js";
import { startMemoryServer, type RunningMcpServer } from "./fixtures/mcp-servers.js";
import { startChangingMcpServer, type ChangingMcpServer } from "./fixtures/changing-mcp-server.js";

let server: TestServer;
let memory: RunningMcpServer;
let changing: ChangingMcpServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;

beforeAll(async () => {
  [server, memory, changing] = await Promise.all([startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true" }), startMemoryServer(), startChangingMcpServer()]);
  account = await server.newAccount();
}, 60_000);

afterAll(async () => {
  await Promise.all([server?.stop(), memory?.stop(), changing?.stop()]);
});

const run = (tool: string, args: Record<string, unknown>) => server.call("POST", `/api/v1/tools/${tool}/run`, { key: account.key, body: { arguments: args } });

describe("the memory server behind supergateway", () => {
  it("creates an entity and reads it back through Patchbay", async () => {
    const res = await server.call("POST", "/api/v1/custom-connectors", { key: account.key, body: { name: "memory", url: memory.url } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ app: "custom_memory", transport: "streamable_http" });
    const created = await run("CUSTOM_MEMORY_CREATE_ENTITIES", { entities: [{ name: "Patchbay", entityType: "service", observations: ["connects apps for agents"] }] });
    expect(created.status).toBe(200);
    expect(created.body.successful).toBe(true);
    const opened = await run("CUSTOM_MEMORY_OPEN_NODES", { names: ["Patchbay"] });
    expect(opened.body.successful).toBe(true);
    expect(JSON.stringify(opened.body.data)).toContain("connects apps for agents");
  });

  it("reads the graph through Patchbay's own MCP door (run_tool)", async () => {
    const client = await mcpClient(server.url, account.key);
    try {
      const result = await client.callTool({ name: "run_tool", arguments: { tool: "CUSTOM_MEMORY_READ_GRAPH", arguments: {} } });
      expect(result.isError).toBeFalsy();
      expect(JSON.stringify(result.structuredContent)).toContain("Patchbay");
    } finally {
      await client.close();
    }
  });
});

describe("a server whose tool list changes", () => {
  it("gets the key as a Bearer token, and its tools are read again when it announces a change during a call", async () => {
    const res = await server.call("POST", "/api/v1/custom-connectors", { key: account.key, body: { name: "changing", url: changing.url, key: "mcp-key-7" } });
    expect(res.status).toBe(201);
    expect(res.body.toolCount).toBe(1);
    expect(new Set(changing.authorizations)).toEqual(new Set(["Bearer mcp-key-7"]));
    expect((await server.call("GET", "/api/v1/tools/CUSTOM_CHANGING_SHRINK", { key: account.key })).status).toBe(404);
    const grown = await run("CUSTOM_CHANGING_GROW", {});
    expect(grown.body).toMatchObject({ successful: true, data: { content: [{ type: "text", text: "grown" }] } });
    const tool = await server.call("GET", "/api/v1/tools/CUSTOM_CHANGING_SHRINK", { key: account.key });
    expect(tool.status).toBe(200);
    const list = await server.call("GET", "/api/v1/custom-connectors", { key: account.key });
    expect(list.body.find((c: { app: string }) => c.app === "custom_changing").toolCount).toBe(2);
  });
});

describe("the JavaScript client library", () => {
  it("wraps create, list, refresh and delete, and builds tool definitions in both formats for custom tools", async () => {
    const patchbay = new Patchbay({ apiKey: account.key, baseUrl: server.url });
    const connector = await patchbay.customConnectors.create({ name: "memory two", url: memory.url });
    expect(connector.app).toBe("custom_memory_two");
    const page = await patchbay.customConnectors.list();
    expect(page.map((c) => c.id)).toContain(connector.id);
    const refreshed = await patchbay.customConnectors.refresh(connector.id);
    expect(refreshed.toolCount).toBe(connector.toolCount);
    const openai = await patchbay.tools.definitions({ app: "custom_memory_two", format: "openai" });
    expect(openai.length).toBe(connector.toolCount);
    expect(JSON.stringify(openai)).toContain("CUSTOM_MEMORY_TWO_CREATE_ENTITIES");
    const anthropic = await patchbay.tools.definitions({ app: "custom_memory_two", format: "anthropic" });
    expect(anthropic.map((d) => (d as { name: string }).name)).toContain("CUSTOM_MEMORY_TWO_READ_GRAPH");
    expect(await patchbay.customConnectors.delete(connector.id)).toEqual({ id: connector.id, deleted: true });
    await expect(patchbay.tools.definitions({ app: "custom_memory_two", format: "openai" })).rejects.toThrow();
  });
});
