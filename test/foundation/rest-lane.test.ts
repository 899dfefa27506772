/**
 * The REST lane (src/http/rest-lane.ts) serves well-formed JSON POSTs without Koa. Which requests it takes is checked
 * on the router itself; that it answers as Koa does is checked end to end: the same request is sent with a
 * Content-Length (the lane) and chunked (Transfer-Encoding: chunked, which the lane leaves to Koa), and the two answers
 * must have the same status, body and headers (apart from the request id, the date and the rate-limit count), in
 * successes, refusals, bad input and upstream failures. Every answer is checked against the contract.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackend } from "../../src/contract/backend.js";
import { loadDocument } from "../../src/contract/document.js";
import { configureApp } from "../../src/domain/app-settings.js";
import { laneRouter } from "../../src/http/rest-lane.js";
import { assertMatchesContract } from "../helpers/contract.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { connectWithSecret } from "../helpers/connect.js";

describe("which requests the lane takes", () => {
  const backend = createBackend(loadDocument());
  const route = laneRouter(backend, { baseUrl: "http://api.example.com", agentUrl: "http://api.example.com" }, false);
  const json = { "content-type": "application/json", "content-length": "20" };
  const takes = (method: string, url: string, headers: Record<string, string> = json) => route({ method, url, headers })?.operationId;

  it("takes JSON POSTs of the REST API's own operations", () => {
    expect(takes("POST", "/api/v1/apps/stripe/request")).toBe("requestApp");
    expect(takes("POST", "/api/v1/tools/find")).toBe("findTools");
    expect(takes("POST", "/api/v1/tools/stripe_list_customers/run")).toBe("runTool");
    expect(takes("POST", "/api/v1/tools/find", { "content-type": "application/json; charset=utf-8", "content-length": "1048576" })).toBe("findTools");
  });

  it("leaves to Koa what needs the rest of the app or is unusual", () => {
    expect(takes("GET", "/api/v1/me")).toBeUndefined();
    expect(takes("POST", "/api/v1/tools/find?x=1")).toBeUndefined();
    expect(takes("POST", "/api/v1/nope")).toBeUndefined();
    expect(takes("POST", "/mcp")).toBeUndefined();
    expect(takes("POST", "http://api.example.com/api/v1/tools/find")).toBeUndefined();
    expect(takes("POST", "/api/v1/tools/find", { ...json, origin: "https://app.example.com" })).toBeUndefined();
    expect(takes("POST", "/api/v1/tools/find", { ...json, "content-encoding": "gzip" })).toBeUndefined();
    expect(takes("POST", "/api/v1/tools/find", { "content-type": "application/json", "transfer-encoding": "chunked" })).toBeUndefined();
    expect(takes("POST", "/api/v1/tools/find", { "content-type": "application/json", "content-length": "0" })).toBeUndefined();
    expect(takes("POST", "/api/v1/tools/find", { "content-type": "application/json", "content-length": "1048577" })).toBeUndefined();
    expect(takes("POST", "/api/v1/tools/find", { "content-type": "text/plain", "content-length": "20" })).toBeUndefined();
    expect(takes("POST", "/api/v1/tools/find", { "content-type": "application/vnd.api+json", "content-length": "20" })).toBeUndefined();
    // Operations with their own rate limits or none (the agent's, the health check) keep their door.
    for (const op of backend.router.getOperations()) {
      const limit = (op as { "x-patchbay-rate-limit"?: string })["x-patchbay-rate-limit"];
      if (op.method !== "post" || (limit !== "agent" && limit !== "none")) continue;
      expect(takes("POST", `/api/v1${op.path.replace(/\{[^}]+\}/g, "x")}`), op.operationId).toBeUndefined();
    }
  });

  it("leaves the separate agent host to Koa", () => {
    const split = laneRouter(backend, { baseUrl: "http://api.example.com", agentUrl: "http://agents.example.com" }, false);
    expect(split({ method: "POST", url: "/api/v1/tools/find", headers: { ...json, host: "agents.example.com" } })).toBeUndefined();
    expect(split({ method: "POST", url: "/api/v1/tools/find", headers: { ...json, host: "api.example.com" } })?.operationId).toBe("findTools");
  });
});

let server: TestServer;
let upstream: http.Server;
let key: string;
let readOnlyKey: string;
/** What the upstream answers next. */
let next: { status: number; type: string; body: string } = { status: 200, type: "application/json", body: "{}" };

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const probe = req.url === "/v1/account";
    res.writeHead(probe ? 200 : next.status, { "content-type": probe ? "application/json" : next.type, "x-request-id": "up_1", "set-cookie": "s=1" });
    res.end(probe ? '{"id":"acct_1","email":"a@example.com"}' : next.body);
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", () => r()));
  server = await startTestServer();
  const { port } = upstream.address() as AddressInfo;
  await configureApp(server.service.services.db, server.service.services.secrets, "stripe", { baseUrl: `http://127.0.0.1:${port}` });
  const account = await server.newAccount();
  key = account.key;
  ({ key: readOnlyKey } = await server.newAccount({ permissions: ["read"] }));
  await connectWithSecret(server, key);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  upstream?.close();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One POST, with a Content-Length or chunked. */
function post(path: string, body: string | Buffer, headers: Record<string, string>, chunked: boolean): Promise<Raw> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: "POST", headers: chunked ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    if (chunked) req.write(body); // written before end: sent chunked
    req.end(chunked ? undefined : body);
  });
}

const VARYING = new Set(["date", "x-request-id", "ratelimit-remaining", "ratelimit-reset", "transfer-encoding", "content-length", "connection", "keep-alive"]);
const steady = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !VARYING.has(name)).sort());
/** An answer's text without what differs between two calls: request and run ids, durations. */
const withoutRequestId = (text: string) =>
  text
    .replace(/"requestId":"[^"]+"/g, '"requestId":"-"')
    .replace(/request id \S+ when/g, "request id - when")
    .replace(/"runId":"run_[A-Za-z0-9]+"/g, '"runId":"-"')
    .replace(/"durationMs":\d+/g, '"durationMs":0');

/** Sends the request both ways; the answers must agree. Returns the lane's, parsed. */
async function bothWays(path: string, body: string | Buffer, opts: { key?: string | null; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json", ...opts.headers };
  const k = opts.key === undefined ? key : opts.key;
  if (k) headers.authorization = `Bearer ${k}`;
  const lane = await post(path, body, headers, false);
  const koa = await post(path, body, headers, true);
  expect(lane.status, lane.text).toBe(koa.status);
  expect(withoutRequestId(lane.text)).toBe(withoutRequestId(koa.text));
  expect(steady(lane.headers)).toEqual(steady(koa.headers));
  expect(Number(lane.headers["content-length"])).toBe(Buffer.byteLength(lane.text));
  expect(lane.headers["x-request-id"]).toMatch(/^req_[0-9a-f]{32}$|^[A-Za-z0-9._-]{8,100}$/);
  const parsed = lane.headers["content-type"]?.includes("json") ? JSON.parse(lane.text) : lane.text;
  assertMatchesContract("POST", path, lane.status, parsed, lane.headers["content-type"] ?? null);
  return { status: lane.status, body: parsed, headers: lane.headers };
}

const PROXY = "/api/v1/apps/stripe/request";
const proxy = (call: object) => JSON.stringify(call);

describe("the lane answers as Koa does", () => {
  it("a proxied call: the app's answer in the envelope", async () => {
    next = { status: 200, type: "application/json", body: '{"data":[{"id":"cus_1"}]}' };
    const res = await bothWays(PROXY, proxy({ method: "GET", path: "/v1/customers", query: { limit: 2 } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 200, body: { data: [{ id: "cus_1" }] }, headers: { "x-request-id": "up_1" } });
    expect(res.body.headers["set-cookie"]).toBeUndefined();
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["ratelimit-limit"]).toBeDefined();
  });

  it("the app's 4xx, text answers and 5xx (502 upstream_error)", async () => {
    next = { status: 404, type: "application/json", body: '{"error":"no such customer"}' };
    expect((await bothWays(PROXY, proxy({ method: "GET", path: "/v1/customers/cus_x" }))).body).toMatchObject({ status: 404 });
    next = { status: 200, type: "text/plain", body: "plain ünïcode words" };
    expect((await bothWays(PROXY, proxy({ method: "GET", path: "/v1/x" }))).body).toMatchObject({ body: "plain ünïcode words" });
    next = { status: 503, type: "text/plain", body: "down" };
    const failed = await bothWays(PROXY, proxy({ method: "GET", path: "/v1/x" }));
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatchObject({ code: "upstream_error", upstreamStatus: 503 });
  });

  it("a client's X-Request-Id is kept", async () => {
    next = { status: 200, type: "application/json", body: "{}" };
    const headers = { "x-request-id": "client-chosen-id-1" };
    const res = await bothWays(PROXY, proxy({ method: "GET", path: "/v1/x" }), { headers });
    expect(res.headers["x-request-id"]).toBe("client-chosen-id-1");
  });

  it("refusals: no key, a wrong key, a key without the permission", async () => {
    expect((await bothWays(PROXY, proxy({ method: "GET", path: "/v1/x" }), { key: null })).status).toBe(401);
    expect((await bothWays(PROXY, proxy({ method: "GET", path: "/v1/x" }), { key: "patchbay_sk_wrong" })).status).toBe(401);
    const denied = await bothWays(PROXY, proxy({ method: "POST", path: "/v1/customers" }), { key: readOnlyKey });
    expect([403, 200]).toContain(denied.status); // whichever the permission model says, both ways alike
  });

  it("bad bodies: not JSON, the wrong shape, too deep, __proto__, a byte-order mark, broken UTF-8", async () => {
    expect((await bothWays(PROXY, "{not json")).body.error.code).toBe("invalid_request");
    expect((await bothWays(PROXY, " ")).status).toBe(400);
    expect((await bothWays(PROXY, '"a string"')).body.error.message).toMatch(/body/);
    expect((await bothWays(PROXY, proxy({ method: "GET" }))).body.error.message).toMatch(/path/);
    await bothWays(PROXY, proxy({ method: "GET", path: "/v1/x", extra: 1 }));
    expect((await bothWays(PROXY, `${"[".repeat(100)}${"]".repeat(100)}`)).status).toBe(400);
    expect((await bothWays(PROXY, '{"method":"GET","path":"/v1/x","__proto__":{"admin":true}}')).status).toBe(400);
    next = { status: 200, type: "application/json", body: "{}" };
    expect((await bothWays(PROXY, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(proxy({ method: "GET", path: "/v1/x" }))]))).status).toBe(200);
    expect((await bothWays(PROXY, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))).status).toBe(400);
  });

  it("paths: an unknown app, a malformed escape, a call the app's guard refuses", async () => {
    expect((await bothWays("/api/v1/apps/no-such-app/request", proxy({ method: "GET", path: "/v1/x" }))).status).toBe(404);
    expect((await bothWays("/api/v1/apps/%zz/request", proxy({ method: "GET", path: "/v1/x" }))).status).toBe(400);
    expect((await bothWays(PROXY, proxy({ method: "GET", path: "http://169.254.169.254/latest" }))).status).toBe(400);
    expect((await bothWays(PROXY, proxy({ method: "GET", path: "/v1/x", headers: { authorization: "Bearer other" } }))).status).toBe(400);
  });

  it("other operations: find and a tool run", async () => {
    const found = await bothWays("/api/v1/tools/find", JSON.stringify({ task: "list stripe customers", limit: 3 }));
    expect(found.status).toBe(200);
    expect(found.body.tools.length).toBeGreaterThan(0);
    next = { status: 200, type: "application/json", body: '{"object":"list","data":[]}' };
    const tool = found.body.tools.find((t: { app: string }) => t.app === "stripe");
    expect(tool.name).toBe("STRIPE_GET_CUSTOMERS");
    const ran = await bothWays(`/api/v1/tools/${tool.name}/run`, JSON.stringify({ arguments: { limit: 2 } }));
    expect(ran.status, JSON.stringify(ran.body)).toBe(200);
    expect(ran.body).toMatchObject({ successful: true, status: 200, data: { object: "list", data: [] } });
    expect((await bothWays(`/api/v1/tools/${tool.name}/run`, JSON.stringify({ arguments: { limit: "many" } }))).status).toBe(400);
  });

  it("a client that goes away mid-body leaves nothing hanging; the next call is answered", async () => {
    const { port } = new URL(server.url);
    for (let i = 0; i < 20; i++) {
      const socket = net.connect(Number(port), "127.0.0.1");
      await new Promise((r) => socket.once("connect", r));
      socket.write(`POST ${PROXY} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"method":`);
      await new Promise((r) => setTimeout(r, 5));
      socket.destroy();
    }
    next = { status: 200, type: "application/json", body: "{}" };
    expect((await bothWays(PROXY, proxy({ method: "GET", path: "/v1/x" }))).status).toBe(200);
  });
});
