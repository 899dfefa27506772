/**
 * Custom MCP connectors against the reference "everything" server from npm (@modelcontextprotocol/server-everything),
 * run on loopback in its Streamable HTTP mode and in its older HTTP+SSE mode: registration, tools visible to the
 * account only (REST and Patchbay's own MCP door), runs (a tool error, structured output), refresh and deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mcpClient } from "../helpers/mcp-client.js";
import { startEverythingServer, type RunningMcpServer } from "./fixtures/mcp-servers.js";

let server: TestServer;
let guarded: TestServer;
let everything: RunningMcpServer;
let everythingSse: RunningMcpServer;
let owner: Awaited<ReturnType<TestServer["newAccount"]>>;
let stranger: Awaited<ReturnType<TestServer["newAccount"]>>;
let connectorId: string;

beforeAll(async () => {
  [server, guarded, everything, everythingSse] = await Promise.all([
    startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true", PATCHBAY_UPSTREAM_TIMEOUT_MS: "20000" }),
    startTestServer(),
    startEverythingServer("streamableHttp"),
    startEverythingServer("sse"),
  ]);
  owner = await server.newAccount();
  stranger = await server.newAccount();
}, 60_000);

afterAll(async () => {
  await Promise.all([server?.stop(), guarded?.stop(), everything?.stop(), everythingSse?.stop()]);
});

describe("registering an MCP server", () => {
  it("refuses a server on a loopback address unless the operator allows private networks (400 naming url)", async () => {
    const { key } = await guarded.newAccount();
    const res = await guarded.call("POST", "/api/v1/custom-connectors", { key, body: { name: "everything", url: everything.url } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.message).toMatch(/^url: /);
  });

  it("answers 502 when nothing speaks MCP at the URL", async () => {
    const res = await server.call("POST", "/api/v1/custom-connectors", { key: owner.key, body: { name: "nothing", url: "http://127.0.0.1:1/mcp" } });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("upstream_error");
  });

  it("refuses a name without letters or digits", async () => {
    const res = await server.call("POST", "/api/v1/custom-connectors", { key: owner.key, body: { name: "---", url: everything.url } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^name /);
  });

  it("lists the server's tools over Streamable HTTP; the key is sealed and never shown", async () => {
    const res = await server.call("POST", "/api/v1/custom-connectors", { key: owner.key, body: { name: "everything", url: everything.url, key: "server-secret-1" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: "mcp", name: "everything", app: "custom_everything", url: everything.url, hasKey: true, transport: "streamable_http", keyIn: null });
    expect(res.body.toolCount).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(res.body)).not.toContain("server-secret-1");
    connectorId = res.body.id;
    const row = await server.service.services.db.customConnector.findUniqueOrThrow({ where: { id: connectorId } });
    expect(row.keySealed).not.toContain("server-secret-1");
    expect(server.service.services.secrets.open(row.keySealed!)).toBe("server-secret-1");
  });

  it("refuses a second connector with the same name (409)", async () => {
    const res = await server.call("POST", "/api/v1/custom-connectors", { key: owner.key, body: { name: "Everything", url: everything.url } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
  });

  it("falls back to the older HTTP+SSE transport when the server only speaks that", async () => {
    const res = await server.call("POST", "/api/v1/custom-connectors", { key: owner.key, body: { name: "everything sse", url: everythingSse.url } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ app: "custom_everything_sse", transport: "sse", hasKey: false });
    const run = await server.call("POST", "/api/v1/tools/CUSTOM_EVERYTHING_SSE_GET_SUM/run", { key: owner.key, body: { arguments: { a: 40, b: 2 } } });
    expect(run.status).toBe(200);
    expect(run.body.successful).toBe(true);
    expect(run.body.data.content[0].text).toContain("42");
  });
});

describe("the server's tools", () => {
  it("are listed under the connector's app, named CUSTOM_<NAME>_<TOOL>", async () => {
    const res = await server.call("GET", "/api/v1/tools?app=custom_everything", { key: owner.key });
    expect(res.status).toBe(200);
    const names = res.body.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(["CUSTOM_EVERYTHING_ECHO", "CUSTOM_EVERYTHING_GET_SUM", "CUSTOM_EVERYTHING_GET_STRUCTURED_CONTENT"]));
    const sum = res.body.find((t: { name: string }) => t.name === "CUSTOM_EVERYTHING_GET_SUM");
    expect(sum).toMatchObject({ app: "custom_everything", http: null, inputSchema: { type: "object", required: ["a", "b"] } });
    expect(sum.inputSchema.$schema).toBeUndefined();
  });

  it("are not visible to another account (list 404, get 404, run 404, find without them)", async () => {
    expect((await server.call("GET", "/api/v1/tools?app=custom_everything", { key: stranger.key })).status).toBe(404);
    expect((await server.call("GET", "/api/v1/tools/CUSTOM_EVERYTHING_ECHO", { key: stranger.key })).status).toBe(404);
    expect((await server.call("POST", "/api/v1/tools/CUSTOM_EVERYTHING_ECHO/run", { key: stranger.key, body: { arguments: { message: "hi" } } })).status).toBe(404);
    const found = await server.call("POST", "/api/v1/tools/find", { key: stranger.key, body: { task: "echo a message back" } });
    expect(found.body.tools.map((t: { app: string }) => t.app)).not.toContain("custom_everything");
  });

  it("refuses arguments that do not fit the server's input schema (400 naming the argument)", async () => {
    const res = await server.call("POST", "/api/v1/tools/CUSTOM_EVERYTHING_GET_SUM/run", { key: owner.key, body: { arguments: { a: "one", b: 2 } } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/arguments\.a/);
  });

  it("a tool error from the server is a run with successful: false and the server's content", async () => {
    const res = await server.call("POST", "/api/v1/tools/CUSTOM_EVERYTHING_GZIP_FILE_AS_RESOURCE/run", { key: owner.key, body: { arguments: { data: "ftp://example.com/file.txt" } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: false, app: "custom_everything", connection: null, error: { code: "app_error" } });
    expect(res.body.data.isError).toBe(true);
    expect(res.body.data.content[0].text).toMatch(/Unsupported URL protocol/);
  });

  it("runs echo and get-sum (tools/call)", async () => {
    const echo = await server.call("POST", "/api/v1/tools/CUSTOM_EVERYTHING_ECHO/run", { key: owner.key, body: { arguments: { message: "hello patchbay" } } });
    expect(echo.status).toBe(200);
    expect(echo.body).toMatchObject({ successful: true, tool: "CUSTOM_EVERYTHING_ECHO", error: null, replayed: false });
    expect(echo.body.data.content[0].text).toContain("hello patchbay");
    const sum = await server.call("POST", "/api/v1/tools/custom_everything_get_sum/run", { key: owner.key, body: { arguments: { a: 2, b: 3 } } });
    expect(sum.body.data.content[0].text).toContain("5");
  });

  it("returns a tool's structured output", async () => {
    const res = await server.call("POST", "/api/v1/tools/CUSTOM_EVERYTHING_GET_STRUCTURED_CONTENT/run", { key: owner.key, body: { arguments: { location: "Chicago" } } });
    expect(res.body.successful).toBe(true);
    expect(res.body.data.structuredContent).toMatchObject({ temperature: expect.any(Number), conditions: expect.any(String), humidity: expect.any(Number) });
  });

  it("replays a run with the same Idempotency-Key and records runs in the log", async () => {
    const first = await server.call("POST", "/api/v1/tools/CUSTOM_EVERYTHING_ECHO/run", { key: owner.key, headers: { "idempotency-key": "echo-once" }, body: { arguments: { message: "once" } } });
    const again = await server.call("POST", "/api/v1/tools/CUSTOM_EVERYTHING_ECHO/run", { key: owner.key, headers: { "idempotency-key": "echo-once" }, body: { arguments: { message: "once" } } });
    expect(again.body).toMatchObject({ runId: first.body.runId, replayed: true });
    const reused = await server.call("POST", "/api/v1/tools/CUSTOM_EVERYTHING_ECHO/run", { key: owner.key, headers: { "idempotency-key": "echo-once" }, body: { arguments: { message: "other" } } });
    expect(reused.status).toBe(409);
    const runs = await server.call("GET", "/api/v1/runs", { key: owner.key });
    expect(runs.body.map((r: { id: string }) => r.id)).toContain(first.body.runId);
  });

  it("needs the run permission, as catalog tools do", async () => {
    const { key } = await server.newAccount({ permissions: ["read"] });
    const res = await server.call("POST", "/api/v1/tools/CUSTOM_EVERYTHING_ECHO/run", { key, body: { arguments: { message: "x" } } });
    expect(res.status).toBe(403);
  });

  it("are found for a task, ranked with the catalog's tools", async () => {
    const res = await server.call("POST", "/api/v1/tools/find", { key: owner.key, body: { task: "add two numbers and get their sum", limit: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.tools.map((t: { name: string }) => t.name)).toContain("CUSTOM_EVERYTHING_GET_SUM");
    const only = await server.call("POST", "/api/v1/tools/find", { key: owner.key, body: { task: "echo a message", app: "custom_everything" } });
    expect(only.body.tools[0].name).toBe("CUSTOM_EVERYTHING_ECHO");
    expect(only.body.tools.every((t: { app: string }) => t.app === "custom_everything")).toBe(true);
  });

  it("are offered through Patchbay's MCP door: find_tools, get_tool, run_tool", async () => {
    const client = await mcpClient(server.url, owner.key);
    try {
      const found = await client.callTool({ name: "find_tools", arguments: { task: "echo a message back", app: "custom_everything" } });
      expect(JSON.stringify(found.structuredContent)).toContain("CUSTOM_EVERYTHING_ECHO");
      const got = await client.callTool({ name: "get_tool", arguments: { tool: "CUSTOM_EVERYTHING_GET_SUM" } });
      expect(got.isError).toBeFalsy();
      expect((got.structuredContent as { name: string }).name).toBe("CUSTOM_EVERYTHING_GET_SUM");
      const ran = await client.callTool({ name: "run_tool", arguments: { tool: "CUSTOM_EVERYTHING_GET_SUM", arguments: { a: 20, b: 22 } } });
      expect(ran.isError).toBeFalsy();
      expect(JSON.stringify(ran.structuredContent)).toContain("42");
    } finally {
      await client.close();
    }
  });
});

describe("managing connectors", () => {
  it("lists the account's connectors in pages, without keys", async () => {
    const first = await server.call("GET", "/api/v1/custom-connectors?limit=1", { key: owner.key });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(1);
    const cursor = first.headers.get("patchbay-next-cursor");
    expect(cursor).toBeTruthy();
    const second = await server.call("GET", `/api/v1/custom-connectors?limit=1&cursor=${cursor}`, { key: owner.key });
    expect(second.body).toHaveLength(1);
    expect(second.body[0].id).not.toBe(first.body[0].id);
    expect((await server.call("GET", "/api/v1/custom-connectors", { key: stranger.key })).body).toEqual([]);
  });

  it("refresh reads the tools again; another account's connector is a 404", async () => {
    expect((await server.call("POST", `/api/v1/custom-connectors/${connectorId}/refresh`, { key: stranger.key })).status).toBe(404);
    const res = await server.call("POST", `/api/v1/custom-connectors/${connectorId}/refresh`, { key: owner.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: connectorId, transport: "streamable_http" });
    expect(res.body.toolCount).toBeGreaterThanOrEqual(5);
  });

  it("deleting a connector removes its tools at once (list, get, run, find, MCP)", async () => {
    expect((await server.call("DELETE", `/api/v1/custom-connectors/${connectorId}`, { key: stranger.key })).status).toBe(404);
    const res = await server.call("DELETE", `/api/v1/custom-connectors/${connectorId}`, { key: owner.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: connectorId, deleted: true });
    expect((await server.call("GET", "/api/v1/tools?app=custom_everything", { key: owner.key })).status).toBe(404);
    expect((await server.call("GET", "/api/v1/tools/CUSTOM_EVERYTHING_ECHO", { key: owner.key })).status).toBe(404);
    expect((await server.call("POST", "/api/v1/tools/CUSTOM_EVERYTHING_ECHO/run", { key: owner.key, body: { arguments: { message: "x" } } })).status).toBe(404);
    const found = await server.call("POST", "/api/v1/tools/find", { key: owner.key, body: { task: "echo a message back", limit: 20 } });
    expect(found.body.tools.map((t: { app: string }) => t.app)).not.toContain("custom_everything");
    const client = await mcpClient(server.url, owner.key);
    try {
      const got = await client.callTool({ name: "get_tool", arguments: { tool: "CUSTOM_EVERYTHING_ECHO" } });
      expect(got.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
