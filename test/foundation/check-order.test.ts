/**
 * The order of checks, the same on both doors: route (404 / 405) → key and rate limit (400 for two Authorization
 * headers, 401, 429) → permission (403) → input validation (400) → handler.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { assertMatchesContract } from "../helpers/contract.js";
import { mcpClient } from "../helpers/mcp-client.js";

const LIMIT = 30;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PATCHBAY_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
});
afterAll(() => server?.stop());

/** A request with headers as given, repeated ones included (fetch would join them into one). */
function rawCall(method: string, path: string, headers: Record<string, string | string[]>, body?: string) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(server.url + path, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        try {
          const parsed = res.headers["content-type"]?.includes("json") && text ? JSON.parse(text) : text;
          // MCP answers (JSON-RPC) are outside the contract; its refusals have the error shape like any other.
          if (!path.startsWith("/mcp") || res.statusCode! >= 400) assertMatchesContract(method, path, res.statusCode!, parsed, res.headers["content-type"] ?? null);
          resolve({ status: res.statusCode!, body: parsed });
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

const structured = (r: unknown) => (r as { structuredContent: Record<string, any> }).structuredContent;
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });

describe("two Authorization headers", () => {
  it("are refused on REST with 400 invalid_request, even when both carry the same valid key", async () => {
    const { key } = await server.newAccount();
    const res = await rawCall("GET", "/api/v1/me", { accept: "application/json", authorization: [`Bearer ${key}`, `Bearer ${key}`] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.message).toMatch(/one Authorization header/);
  });

  it("are refused on REST when the second one would be a different key", async () => {
    const a = await server.newAccount();
    const b = await server.newAccount();
    const res = await rawCall("GET", "/api/v1/me", { accept: "application/json", authorization: [`Bearer ${a.key}`, `Bearer ${b.key}`] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });

  it("are refused on MCP with 400 invalid_request", async () => {
    const { key } = await server.newAccount();
    const res = await rawCall("POST", "/mcp", { ...MCP_HEADERS, authorization: [`Bearer ${key}`, `Bearer ${key}`] }, initialize);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });

  it("leave one Authorization header working on both doors", async () => {
    const { key } = await server.newAccount();
    expect((await rawCall("GET", "/api/v1/me", { accept: "application/json", authorization: `Bearer ${key}` })).status).toBe(200);
    expect((await rawCall("POST", "/mcp", { ...MCP_HEADERS, authorization: `Bearer ${key}` }, initialize)).status).toBe(200);
  });
});

describe("order of checks on REST", () => {
  const invalidRun = { arguments: "not an object", unknownField: 1 };

  it("answers 404 for an unknown path before asking for a key", async () => {
    const res = await server.call("POST", "/api/v1/no-such-thing", { key: null, body: invalidRun });
    expect(res.status).toBe(404);
  });

  it("answers 401 for a missing key before looking at the body", async () => {
    const res = await server.call("POST", "/api/v1/tools/GITHUB_CREATE_AN_ISSUE/run", { key: null, body: invalidRun });
    expect(res.status).toBe(401);
  });

  it("answers 403 to a read-only key sending an invalid runTool body (permission before validation)", async () => {
    const { key } = await server.newAccount({ permissions: ["read"] });
    const res = await server.call("POST", "/api/v1/tools/GITHUB_CREATE_AN_ISSUE/run", { key, body: invalidRun });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("insufficient_permission");
  });

  it("answers 403 to a read-only key before refusing a body that is not JSON", async () => {
    const { key } = await server.newAccount({ permissions: ["read"] });
    const res = await server.call("POST", "/api/v1/tools/GITHUB_CREATE_AN_ISSUE/run", { key, rawBody: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(403);
  });

  it("answers 429 past the rate limit before the permission check", async () => {
    const { key } = await server.newAccount({ permissions: ["read"] });
    for (let i = 0; i < LIMIT; i++) await server.call("GET", "/api/v1/me", { key });
    const res = await server.call("POST", "/api/v1/tools/GITHUB_CREATE_AN_ISSUE/run", { key, body: invalidRun });
    expect(res.status).toBe(429);
  });

  it("answers 400 naming the field when the key has the permission", async () => {
    const { key } = await server.newAccount({ permissions: ["run"] });
    const res = await server.call("POST", "/api/v1/tools/GITHUB_CREATE_AN_ISSUE/run", { key, body: invalidRun });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.message).toMatch(/arguments|unknownField/);
  });
});

describe("order of checks on MCP", () => {
  it("refuses a read-only key's run_tool call with invalid arguments as insufficient_permission, not invalid_request", async () => {
    const { key } = await server.newAccount({ permissions: ["read"] });
    const mcp = await mcpClient(server.url, key);
    try {
      const res = await mcp.callTool({ name: "run_tool", arguments: { tool: 42, arguments: "not an object" } });
      expect(res.isError).toBe(true);
      expect(structured(res).error.code).toBe("insufficient_permission");
    } finally {
      await mcp.close();
    }
  });

  it("refuses invalid run_tool arguments as invalid_request when the key has the permission", async () => {
    const { key } = await server.newAccount({ permissions: ["run"] });
    const mcp = await mcpClient(server.url, key);
    try {
      const res = await mcp.callTool({ name: "run_tool", arguments: { tool: 42, arguments: "not an object" } });
      expect(res.isError).toBe(true);
      expect(structured(res).error.code).toBe("invalid_request");
    } finally {
      await mcp.close();
    }
  });
});
