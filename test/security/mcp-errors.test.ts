/**
 * MCP faults: a fault of ours (here the database losing a table under a running server) is a JSON-RPC internal
 * error with a fixed text and the request id, never the exception's text; the exception is in the log under that
 * id. Malformed params are the client's fault: -32602, naming the param.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mcpClient } from "../helpers/mcp-client.js";
import { execSql } from "./support/database.js";

let server: TestServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
const logs: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: "debug" }, undefined, { logStream: new Writable({ write: (chunk, _enc, done) => (logs.push(String(chunk)), done()) }) });
  account = await server.newAccount();
});
afterAll(() => server?.stop());

/** One raw JSON-RPC request to POST /mcp; the parsed answer and the X-Request-Id header. */
async function rpc(method: string, params?: unknown, id: number | string = 1) {
  const res = await fetch(`${server.url}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }),
  });
  return { status: res.status, requestId: res.headers.get("x-request-id")!, body: (await res.json()) as { id: unknown; result?: any; error?: { code: number; message: string; data?: unknown } } };
}

const initializeParams = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } };

describe("MCP malformed params", () => {
  it("answers tools/call with a non-string tool name with -32602, naming the param", async () => {
    const { body } = await rpc("tools/call", { name: 42, arguments: {} });
    expect(body.error?.code).toBe(-32602);
    expect(body.error?.message).toContain("name");
    expect(body.id).toBe(1);
  });

  it("answers tools/call with arguments that are not an object with -32602", async () => {
    for (const args of ["nope", [1, 2], 7]) {
      const { body } = await rpc("tools/call", { name: "search_apps", arguments: args });
      expect(body.error?.code, JSON.stringify(args)).toBe(-32602);
      expect(body.error?.message).toContain("arguments");
    }
  });

  it("answers tools/call without params with -32602", async () => {
    const { body } = await rpc("tools/call");
    expect(body.error?.code).toBe(-32602);
  });

  it("answers tools/list with a cursor that is not a string with -32602", async () => {
    const { body } = await rpc("tools/list", { cursor: 5 });
    expect(body.error?.code).toBe(-32602);
    expect(body.error?.message).toContain("cursor");
  });

  it("answers initialize without protocolVersion or clientInfo with -32602", async () => {
    const { body } = await rpc("initialize", { capabilities: {} });
    expect(body.error?.code).toBe(-32602);
    expect(body.error?.message).toMatch(/protocolVersion|clientInfo/);
  });

  it("still answers well-formed requests (initialize, tools/list, tools/call)", async () => {
    expect((await rpc("initialize", initializeParams)).body.result?.serverInfo?.name).toBe("patchbay");
    // The six tools, and create_checkout: the base host is also the agent host here (the default).
    expect((await rpc("tools/list", {})).body.result?.tools.length).toBe(7);
    const call = await rpc("tools/call", { name: "search_apps", arguments: { search: "github", limit: 1 } });
    expect(call.body.result?.isError).toBeFalsy();
  });
});

describe("MCP internal errors", () => {
  // Last in the file: the table stays renamed until the end of this block.
  beforeAll(() => execSql(server, `ALTER TABLE "Connection" RENAME TO "Connection_gone"`));
  afterAll(() => execSql(server, `ALTER TABLE "Connection_gone" RENAME TO "Connection"`));

  const leaks = (text: string) => [/prisma/i, /invalid `/i, /connection_?gone|table/i, new RegExp(account.accountId), /\.ts:\d+/, /at \w+ \(/].filter((re) => re.test(text));

  it("answers a database fault over raw JSON-RPC with -32603, a fixed text and the request id, nothing more", async () => {
    const { status, requestId, body } = await rpc("tools/call", { name: "list_connections", arguments: {} }, "call-7");
    expect(status).toBe(200);
    expect(body.id).toBe("call-7");
    expect(body.error?.code).toBe(-32603);
    expect(body.error?.message).toBe(`Something went wrong on our side. Quote request id ${requestId} when reporting it.`);
    expect(body.error?.data).toEqual({ requestId });
    expect(leaks(JSON.stringify(body))).toEqual([]);
  });

  it("gives the SDK client the same fixed text, as an McpError with code -32603", async () => {
    const client = await mcpClient(server.url, account.key);
    const err = await client.callTool({ name: "list_connections", arguments: {} }).then(() => null, (e: Error & { code?: number }) => e);
    expect(err?.code).toBe(-32603);
    expect(err?.message).toMatch(/Something went wrong on our side\. Quote request id req_[0-9a-f]{32} when reporting it\./);
    expect(leaks(err!.message)).toEqual([]);
    await client.close();
  });

  it("logs the whole error under the request id it answered with", async () => {
    const { requestId } = await rpc("tools/call", { name: "list_connections", arguments: {} });
    const lines = logs.join("").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { requestId?: string; msg: string; err?: { message: string; stack: string } });
    const logged = lines.find((l) => l.requestId === requestId && l.msg === "MCP tool call failed on our side");
    expect(logged?.err?.message).toMatch(/Connection/);
    expect(logged?.err?.stack).toBeTruthy();
  });

  it("keeps answering tools that do not need the broken table", async () => {
    const { body } = await rpc("tools/call", { name: "search_apps", arguments: { search: "slack", limit: 1 } });
    expect(body.result?.isError).toBeFalsy();
  });
});
