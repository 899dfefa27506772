/**
 * The MCP door's HTTP exchange (src/mcp/json-exchange.ts): the answers the SDK's Streamable HTTP transport gives in
 * stateless JSON mode, which the door now gives itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ key } = await server.newAccount());
});
afterAll(() => server?.stop());

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${key}`, ...headers },
    body,
  });
const rpc = (id: number, method: string, params?: unknown) => ({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });

describe("MCP exchange over HTTP", () => {
  it("refuses a client that does not accept both JSON and an event stream with 406", async () => {
    const res = await post(JSON.stringify(rpc(1, "ping")), { accept: "application/json" });
    expect(res.status).toBe(406);
    expect((await res.json()).error).toMatchObject({ code: -32000, message: expect.stringMatching(/Not Acceptable/) });
  });

  it("refuses a body that is not JSON by its content type with 415", async () => {
    const res = await post(JSON.stringify(rpc(1, "ping")), { "content-type": "text/plain" });
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe(-32000);
  });

  it("refuses a body over 4 MiB with 413", async () => {
    const res = await post(JSON.stringify({ ...rpc(1, "ping"), pad: "x".repeat(4 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toMatch(/Payload Too Large/);
  });

  it("refuses JSON that is not a JSON-RPC message with a parse error", async () => {
    const res = await post(JSON.stringify({ hello: "world" }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32700);
  });

  it("refuses an unsupported protocol version header with 400", async () => {
    const res = await post(JSON.stringify(rpc(1, "ping")), { "mcp-protocol-version": "1999-01-01" });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/Unsupported protocol version: 1999-01-01/);
  });

  it("refuses two initialize requests in one batch", async () => {
    const init = (id: number) => rpc(id, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } });
    const res = await post(JSON.stringify([init(1), init(2)]));
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32600);
  });

  it("accepts a notification alone with 202 and no body", async () => {
    const res = await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    expect(res.status).toBe(202);
    expect(await res.text()).toBe("");
  });

  it("answers one request with one JSON-RPC response, keeping its id", async () => {
    const res = await post(JSON.stringify(rpc(7, "ping")));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ jsonrpc: "2.0", id: 7, result: {} });
  });

  it("answers a batch with every response, in the order of the requests", async () => {
    const res = await post(JSON.stringify([rpc(2, "tools/call", { name: "get_tool", arguments: { tool: "GITHUB_REPOS_LIST_FOR_USER" } }), rpc(1, "ping")]));
    expect(res.status).toBe(200);
    const answers = (await res.json()) as { id: number; result: { structuredContent?: { name: string } } }[];
    expect(answers.map((a) => a.id)).toEqual([2, 1]);
    expect(answers[0]!.result.structuredContent?.name).toBe("GITHUB_REPOS_LIST_FOR_USER");
  });
});
