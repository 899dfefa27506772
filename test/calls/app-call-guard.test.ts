/**
 * App calls (proxy, tool runs, identity probes) go through the one guarded client: a catalog app whose published
 * base URL is internal is never called (the operator can point it elsewhere), and hostile upstreams — cut off
 * mid-answer, stalling, dripping past the deadline, too large — become 502 / 504, never a 500.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { configureApp } from "../../src/domain/app-settings.js";
import { toolByHttp } from "../helpers/tools.js";

let server: TestServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
let upstream: http.Server;
let upstreamUrl: string;
const upstreamHits: string[] = [];

/** A provider stand-in that misbehaves on purpose, by path. */
function hostile(req: http.IncomingMessage, res: http.ServerResponse) {
  upstreamHits.push(req.url ?? "");
  const path = (req.url ?? "").split("?")[0];
  if (path === "/v1/account") return res.writeHead(200, { "content-type": "application/json" }).end('{"id":"acct_1","email":"a@example.com"}');
  if (path === "/v1/cut") {
    res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
    res.write('{"partial":');
    setTimeout(() => res.socket?.destroy(), 20);
    return;
  }
  if (path.startsWith("/v1/stall")) return; // never answers
  if (path === "/v1/drip") {
    res.writeHead(200, { "content-type": "application/json" });
    const timer = setInterval(() => res.write(" "), 100);
    res.on("close", () => clearInterval(timer));
    return;
  }
  if (path === "/v1/huge") {
    res.writeHead(200, { "content-type": "application/json" });
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < 7 && res.write(chunk)) sent++;
      if (sent >= 7) res.end();
      else res.once("drain", pump);
    };
    return pump();
  }
  if (path === "/v1/repeated") {
    res.setHeader("content-type", ["application/json", "text/plain"]);
    res.setHeader("link", ['<https://api.example.com/v1/x?page=2>; rel="next"', '<https://api.example.com/v1/x?page=9>; rel="last"']);
    return res.end('{"repeated":true}');
  }
  if (path === "/v1/early-hints") {
    res.writeEarlyHints({ link: "</style.css>; rel=preload; as=style" }); // an informational answer before the real one
    setTimeout(() => res.writeHead(201, { "content-type": "application/json" }).end('{"after":"hints"}'), 10);
    return;
  }
  if (path === "/v1/continue") {
    res.writeContinue(); // 100 Continue to a request that did not ask for it (Patchbay never sends Expect)
    setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end("{}"), 10);
    return;
  }
  if (path === "/v1/bad-http") {
    res.socket?.end("NOT HTTP AT ALL\r\n\r\n");
    return;
  }
  res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
}

let upstreamConnections = 0;

beforeAll(async () => {
  upstream = http.createServer(hostile);
  upstream.on("connection", () => upstreamConnections++);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", () => resolve()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  server = await startTestServer({ PATCHBAY_UPSTREAM_TIMEOUT_MS: "800", PATCHBAY_RATE_LIMIT_PER_MINUTE: "100000" });
  account = await server.newAccount();
  // The operator points Stripe at the stand-in: an address the operator set may be private.
  await configureApp(server.service.services.db, server.service.services.secrets, "stripe", { baseUrl: upstreamUrl });
  const link = await server.call("POST", "/api/v1/apps/stripe/connect", { key: account.key, body: {} });
  const form = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ secret: "sk_test_guard" }) });
  expect(form.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

const proxy = (path: string) => server.call("POST", "/api/v1/apps/stripe/request", { key: account.key, body: { method: "GET", path } });

describe("a catalog app whose published address is internal", () => {
  it("is not called: 409 app_not_configured, saying how the operator points it elsewhere", async () => {
    const res = await server.call("POST", "/api/v1/apps/meilisearch/request", { key: account.key, body: { method: "GET", path: "/health" } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("app_not_configured");
    expect(res.body.error.message).toContain("loopback");
    const link = await server.call("POST", "/api/v1/apps/meilisearch/connect", { key: account.key, body: {} });
    expect(link.status).toBe(409);
    expect(link.body.error.code).toBe("app_not_configured");
    expect(res.body.error.message).toContain("patchbay app configure meilisearch --base-url");
  });

  it("is refused for a link-local metadata address (azure_imds → 169.254.169.254) on tool runs too", async () => {
    const tool = toolByHttp(server.service.services.catalog, "azure_imds", "GET", "/identity/info");
    const res = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: account.key, body: { arguments: { "api-version": "2018-10-01", Metadata: "true" } } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("app_not_configured");
    expect(res.body.error.message).toContain("link-local");
  });
});

describe("a hostile upstream", () => {
  it("that closes the connection mid-answer gives 502 upstream_error", async () => {
    const res = await proxy("/v1/cut");
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: "upstream_error", upstreamStatus: 200 });
  });

  it("that never answers gives 504 upstream_timeout", async () => {
    const res = await proxy("/v1/stall");
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe("upstream_timeout");
  });

  it("that drips its answer past the deadline gives 504 upstream_timeout", async () => {
    const res = await proxy("/v1/drip");
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe("upstream_timeout");
  });

  it("that sends more than 5 MB gives 502 upstream_error", async () => {
    const res = await proxy("/v1/huge");
    expect(res.status).toBe(502);
    expect(res.body.error.message).toContain("larger than 5 MB");
  });

  it("that does not speak HTTP gives 502 upstream_error", async () => {
    const res = await proxy("/v1/bad-http");
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("upstream_error");
  });

  it("that stalls on a tool run gives 504, and the runs log records upstream_timeout", async () => {
    const tool = toolByHttp(server.service.services.catalog, "stripe", "GET", "/v1/account");
    // The account tool is well-behaved; point the app at the stalling path to make its run stall.
    await configureApp(server.service.services.db, server.service.services.secrets, "stripe", { baseUrl: `${upstreamUrl}/v1/stall` });
    try {
      const res = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: account.key, body: { arguments: {} } });
      expect(res.status).toBe(504);
      const runs = await server.call("GET", "/api/v1/runs", { key: account.key });
      expect(runs.body.find((r: { tool: string }) => r.tool === tool.name)).toMatchObject({ tool: tool.name, errorCode: "upstream_timeout" });
    } finally {
      await configureApp(server.service.services.db, server.service.services.secrets, "stripe", { baseUrl: upstreamUrl });
    }
  });

  it("that repeats headers is read as Node reads it: the first Content-Type, Link values joined", async () => {
    const res = await proxy("/v1/repeated");
    expect(res.status).toBe(200);
    expect(res.body.headers["content-type"]).toBe("application/json");
    expect(res.body.headers.link).toBe('<https://api.example.com/v1/x?page=2>; rel="next", <https://api.example.com/v1/x?page=9>; rel="last"');
    expect(res.body.body).toEqual({ repeated: true });
  });

  it("that sends 103 Early Hints first is answered with its final status and body", async () => {
    const res = await proxy("/v1/early-hints");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 201, body: { after: "hints" } });
  });

  it("that sends 100 Continue unasked gives 502 upstream_error saying so (undici refuses it)", async () => {
    const res = await proxy("/v1/continue");
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: "upstream_error" });
    expect(res.body.error.message).toContain("100 Continue");
  });

  it("refuses an Expect header from the caller with 400, before anything is sent", async () => {
    const hits = upstreamHits.length;
    const res = await server.call("POST", "/api/v1/apps/stripe/request", { key: account.key, body: { method: "POST", path: "/v1/ok", headers: { Expect: "100-continue" }, body: { a: 1 } } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("headers.Expect cannot be set");
    expect(upstreamHits.length).toBe(hits);
  });

  it("reuses its connections: 40 calls one after another open at most 2", async () => {
    await proxy("/v1/ok");
    const before = upstreamConnections;
    for (let i = 0; i < 40; i++) expect((await proxy("/v1/ok")).status).toBe(200);
    expect(upstreamConnections - before).toBeLessThanOrEqual(2);
  });

  it("still answers a well-behaved call afterwards", async () => {
    const res = await proxy("/v1/ok");
    expect(res.status).toBe(200);
    expect(res.body.body).toEqual({ ok: true });
  });
});
