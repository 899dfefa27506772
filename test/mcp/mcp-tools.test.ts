/** Each MCP tool against a GitHub stand-in connected over OAuth: the same results and error codes as REST. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mcpClient } from "../helpers/mcp-client.js";
import { followRedirects, type ApiStandIn, type OAuthServer } from "../fixtures/providers/index.js";
import { githubStandIn } from "../helpers/github-stand-in.js";
import { toolByHttp } from "../helpers/tools.js";

let server: TestServer;
let oauth: OAuthServer;
let github: ApiStandIn;
let key: string;
let client: Client;

const structured = (r: unknown) => (r as { structuredContent: Record<string, any> }).structuredContent;

beforeAll(async () => {
  server = await startTestServer();
  ({ oauth, github } = await githubStandIn(server));
  ({ key } = await server.newAccount());
  client = await mcpClient(server.url, key);
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
  await github?.stop();
  await oauth?.stop();
});

describe("MCP tools against a connected app", () => {
  it("connect_app gives a sign-in link that connects the app, and list_connections shows it", async () => {
    const link = await client.callTool({ name: "connect_app", arguments: { app: "github" } });
    expect(link.isError).toBeFalsy();
    const walk = await followRedirects(structured(link).url);
    expect(walk.hops.at(-1)!.status).toBe(200);
    const list = await client.callTool({ name: "list_connections", arguments: {} });
    expect(structured(list).items).toHaveLength(1);
    expect(structured(list).items[0]).toMatchObject({ app: "github", status: "active" });
    const rest = await server.call("GET", "/api/v1/connections", { key });
    expect(JSON.parse((list.content as { text: string }[])[0].text)).toEqual(rest.body);
  });

  it("find_tools returns names, descriptions and input schemas, enough to call run_tool next", async () => {
    const found = await client.callTool({ name: "find_tools", arguments: { task: "open an issue in my GitHub repo about a login bug", limit: 5 } });
    const tools = structured(found).tools as { name: string; app: string; inputSchema: { type: string } }[];
    expect(tools.length).toBeGreaterThan(0);
    expect(tools[0].app).toBe("github");
    for (const t of tools) expect(t.inputSchema.type).toBe("object");
  });

  it("get_tool answers like GET /tools/{tool}; an unknown tool is a tool error not_found", async () => {
    const tool = toolByHttp(server.service.services.catalog, "github", "POST", "/repos/{owner}/{repo}/issues");
    const got = await client.callTool({ name: "get_tool", arguments: { tool: tool.name } });
    expect(structured(got)).toEqual((await server.call("GET", `/api/v1/tools/${tool.name}`, { key })).body);
    const missing = await client.callTool({ name: "get_tool", arguments: { tool: "GITHUB_NO_SUCH_TOOL" } });
    expect(missing.isError).toBe(true);
    expect(structured(missing).error.code).toBe("not_found");
  });

  it("run_tool runs any catalog tool in the connected app", async () => {
    const tool = toolByHttp(server.service.services.catalog, "github", "POST", "/repos/{owner}/{repo}/issues");
    const run = await client.callTool({ name: "run_tool", arguments: { tool: tool.name, arguments: { owner: "octo", repo: "hello", title: "From MCP" }, idempotencyKey: "mcp-run-1" } });
    expect(run.isError).toBeFalsy();
    expect(structured(run)).toMatchObject({ tool: tool.name, successful: true, status: 201 });
    expect(github.requests.at(-1)).toMatchObject({ method: "POST", path: "/repos/octo/hello/issues" });
    const again = await client.callTool({ name: "run_tool", arguments: { tool: tool.name, arguments: { owner: "octo", repo: "hello", title: "From MCP" }, idempotencyKey: "mcp-run-1" } });
    expect(structured(again).replayed).toBe(true);
  });

  it("reports bad arguments, an upstream failure and an unconnected app as tool errors with the REST codes", async () => {
    const tool = toolByHttp(server.service.services.catalog, "github", "POST", "/repos/{owner}/{repo}/issues");
    const bad = await client.callTool({ name: "run_tool", arguments: { tool: tool.name, arguments: { owner: "octo" } } });
    expect(structured(bad).error.code).toBe("invalid_request");
    github.failNext(500);
    const upstream = await client.callTool({ name: "run_tool", arguments: { tool: tool.name, arguments: { owner: "o", repo: "r", title: "t" } } });
    expect(upstream.isError).toBe(true);
    expect(structured(upstream).error).toMatchObject({ code: "upstream_error", upstreamStatus: 500 });
    const slackTool = toolByHttp(server.service.services.catalog, "slack", "POST", "/chat.postMessage");
    const notConnected = await client.callTool({ name: "run_tool", arguments: { tool: slackTool.name, arguments: { channel: "C1", text: "hi" } } });
    expect(structured(notConnected).error.code).toBe("app_not_connected");
  });

  it("search_apps shows the connection status", async () => {
    const res = await client.callTool({ name: "search_apps", arguments: { search: "github", limit: 3 } });
    const github = (structured(res).items as { id: string; connectionStatus: string }[]).find((a) => a.id === "github");
    expect(github?.connectionStatus).toBe("connected");
  });
});
