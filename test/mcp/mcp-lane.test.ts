/**
 * The MCP door's lane (src/mcp/mcp-door.ts) serves keyed POSTs without Koa. The same request sent with an allowed
 * Origin goes through Koa instead (the lane leaves requests with an Origin to the door's own check): the two answers
 * must have the same status, body and headers (apart from the request id, the date and the rate-limit count).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ key } = await server.newAccount());
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const rpc = (id: number, method: string, params?: object) => ({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });
const VARYING = new Set(["date", "x-request-id", "ratelimit-remaining", "ratelimit-reset", "connection", "keep-alive"]);
const steady = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => !VARYING.has(name)).sort());
const withoutIds = (text: string) => text.replace(/req_[0-9a-f]{32}/g, "req_-");

async function post(path: string, body: string, headers: Record<string, string>) {
  const res = await fetch(server.url + path, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Sends the request through the lane and through Koa; the answers must agree. Returns the lane's. */
async function bothWays(body: unknown, opts: { path?: string; headers?: Record<string, string> } = {}) {
  const path = opts.path ?? "/mcp";
  const headers = { ...(opts.path ? {} : { authorization: `Bearer ${key}` }), ...opts.headers };
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const lane = await post(path, text, headers);
  const koa = await post(path, text, { ...headers, origin: new URL(server.url).origin });
  expect(lane.status, lane.text).toBe(koa.status);
  expect(withoutIds(lane.text)).toBe(withoutIds(koa.text));
  expect(steady(lane.headers)).toEqual(steady(koa.headers));
  expect(lane.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
  return { status: lane.status, body: lane.text ? JSON.parse(lane.text) : null, headers: lane.headers };
}

describe("the MCP lane answers as the Koa door does", () => {
  it("lists tools and calls one", async () => {
    const listed = await bothWays(rpc(1, "tools/list"));
    expect(listed.body.result.tools.map((t: { name: string }) => t.name)).toContain("find_tools");
    const found = await bothWays(rpc(2, "tools/call", { name: "find_tools", arguments: { task: "send a message on slack", limit: 3 } }));
    expect(found.status).toBe(200);
    expect(found.body.result.structuredContent.tools.length).toBeGreaterThan(0);
    expect(found.headers.get("ratelimit-limit")).toBeTruthy();
  });

  it("a batch, a notification, the key in the path", async () => {
    const batch = await bothWays([rpc(1, "ping"), rpc(2, "tools/call", { name: "get_tool", arguments: { tool: "NO_SUCH_TOOL" } })]);
    expect(batch.body).toHaveLength(2);
    expect((await bothWays({ jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202);
    const inPath = await bothWays(rpc(3, "tools/list"), { path: `/mcp/k/${key}` });
    expect(inPath.status).toBe(200);
  });

  it("refusals and bad input: a wrong key, bad arguments, not JSON, not JSON-RPC, the wrong Accept", async () => {
    expect((await bothWays(rpc(1, "tools/list"), { headers: { authorization: "Bearer patchbay_sk_wrong" } })).status).toBe(401);
    expect((await bothWays(rpc(1, "tools/list"), { path: "/mcp/k/patchbay_sk_wrong" })).status).toBe(401);
    const bad = await bothWays(rpc(2, "tools/call", { name: "find_tools", arguments: { task: 7 } }));
    expect(bad.body.result.isError).toBe(true);
    expect((await bothWays("{nope")).body.error.code).toBe(-32700);
    expect((await bothWays({ hello: 1 })).status).toBe(400);
    expect((await bothWays(rpc(1, "ping"), { headers: { accept: "application/json" } })).status).toBe(406);
    expect((await bothWays(rpc(1, "no/such/method"))).body.error.code).toBe(-32601);
  });
});

/**
 * A lone tools/call of the plain shape is answered by the door itself (mcp-door.ts, answerToolCall); the same call with
 * `_meta` in its params goes through the SDK's Server. The two answers must be the same message.
 */
async function directAndServer(id: number | string, params: { name: string; arguments?: object }, headers: Record<string, string> = { authorization: `Bearer ${key}` }) {
  const direct = await post("/mcp", JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params }), headers);
  const viaServer = await post("/mcp", JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { ...params, _meta: {} } }), headers);
  expect(direct.status, direct.text).toBe(viaServer.status);
  expect(withoutIds(direct.text)).toBe(withoutIds(viaServer.text));
  expect(steady(direct.headers)).toEqual(steady(viaServer.headers));
  return { status: direct.status, body: JSON.parse(direct.text) };
}

describe("a plain tools/call answered without the SDK's Server is the message the Server sends", () => {
  it("results: a find (its text block cut), one tool, a string id", async () => {
    const found = await directAndServer(1, { name: "find_tools", arguments: { task: "send a message to a channel" } });
    expect(found.body.result.structuredContent.tools.length).toBeGreaterThan(0);
    expect(Object.keys(found.body)).toEqual(["result", "jsonrpc", "id"]);
    const one = await directAndServer("call-7", { name: "get_tool", arguments: { tool: found.body.result.structuredContent.tools[0].name } });
    expect(one.body.id).toBe("call-7");
    expect(one.body.result.isError).toBeUndefined();
  });

  it("refusals: tool errors (bad or missing arguments, an unknown record, a permission) and an unknown tool (-32602)", async () => {
    expect((await directAndServer(2, { name: "find_tools", arguments: { task: 7 } })).body.result.isError).toBe(true);
    expect((await directAndServer(3, { name: "find_tools" })).body.result.isError).toBe(true);
    expect((await directAndServer(4, { name: "get_tool", arguments: { tool: "NO_SUCH_TOOL" } })).body.result.isError).toBe(true);
    const { key: readOnly } = await server.newAccount({ permissions: ["read"] });
    const refused = await directAndServer(5, { name: "connect_app", arguments: { app: "github" } }, { authorization: `Bearer ${readOnly}` });
    expect(refused.body.result.isError).toBe(true);
    const unknown = await directAndServer(6, { name: "no_such_tool", arguments: {} });
    expect(unknown.body.error.code).toBe(-32602);
    expect(unknown.body.error.message).toMatch(/Unknown tool 'no_such_tool'/);
  });
});
