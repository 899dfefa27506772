/**
 * How custom connectors fail: servers that stop, stall or break answer 502/504 as apps do (the run is logged as
 * failed), addresses the outbound guard refuses are a 400 naming the field, and a connector's key never appears
 * in the service's logs.
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { startEverythingServer, type RunningMcpServer } from "./fixtures/mcp-servers.js";

let server: TestServer;
let guarded: TestServer;
let everything: RunningMcpServer;
let stalling: net.Server;
let stallingUrl: string;
let broken: http.Server;
let brokenUrl: string;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
const logs: string[] = [];
const sockets = new Set<net.Socket>();

const spec = {
  openapi: "3.0.3",
  info: { title: "Broken", version: "1" },
  paths: { "/things": { get: { operationId: "listThings", responses: { "200": { description: "ok" } } } } },
};

beforeAll(async () => {
  stalling = net.createServer((socket) => sockets.add(socket)); // accepts, never answers
  await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
  stallingUrl = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}/mcp`;
  broken = http.createServer((_req, res) => res.writeHead(500, { "content-type": "application/json" }).end('{"message":"boom"}'));
  await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
  brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
  const logStream = new Writable({ write: (chunk, _enc, done) => (logs.push(String(chunk)), done()) });
  [server, guarded, everything] = await Promise.all([
    startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true", PATCHBAY_UPSTREAM_TIMEOUT_MS: "1500", LOG_LEVEL: "debug" }, undefined, { logStream }),
    startTestServer(),
    startEverythingServer("streamableHttp"),
  ]);
  account = await server.newAccount();
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all([server?.stop(), guarded?.stop(), everything?.stop(), new Promise((r) => stalling.close(r)), new Promise((r) => broken.close(r))]);
});

describe("connector failures", () => {
  it("refuses a REST base on a loopback address unless the operator allows private networks (400 naming base)", async () => {
    const { key } = await guarded.newAccount();
    const res = await guarded.call("POST", "/api/v1/custom-connectors", { key, body: { name: "local", spec, base: brokenUrl } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^base: /);
  });

  it("answers 504 when the MCP server accepts the connection but never answers", async () => {
    const res = await server.call("POST", "/api/v1/custom-connectors", { key: account.key, body: { name: "stalling", url: stallingUrl } });
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe("upstream_timeout");
  });

  it("a REST API answering 500 is a 502, and the run is logged as failed", async () => {
    const created = await server.call("POST", "/api/v1/custom-connectors", { key: account.key, body: { name: "broken", spec, base: brokenUrl } });
    expect(created.status).toBe(201);
    const res = await server.call("POST", "/api/v1/tools/CUSTOM_BROKEN_LIST_THINGS/run", { key: account.key, body: { arguments: {} } });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: "upstream_error", upstreamStatus: 500 });
    const runs = await server.call("GET", "/api/v1/runs", { key: account.key });
    expect(runs.body[0]).toMatchObject({ tool: "CUSTOM_BROKEN_LIST_THINGS", status: "failed" });
  });

  it("refuses a connection id for a custom tool (custom tools use their connector's key)", async () => {
    const res = await server.call("POST", "/api/v1/tools/CUSTOM_BROKEN_LIST_THINGS/run", { key: account.key, body: { arguments: {}, connection: "conn_x" } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^connection /);
  });

  it("an MCP server that has stopped is a 502 at run time; its key never appears in the logs", async () => {
    const created = await server.call("POST", "/api/v1/custom-connectors", { key: account.key, body: { name: "gone", url: everything.url, key: "never-log-this-key-42" } });
    expect(created.status).toBe(201);
    await everything.stop();
    const res = await server.call("POST", "/api/v1/tools/CUSTOM_GONE_ECHO/run", { key: account.key, body: { arguments: { message: "hi" } } });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("upstream_error");
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join("")).not.toContain("never-log-this-key-42");
  });
});
