/**
 * The agent host's door: one request per second per client (in process, or shared through Redis), 429 with
 * Retry-After in the error shape; and, when PATCHBAY_AGENT_URL names another host, routing by Host.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { assertMatchesContract } from "../helpers/contract.js";

/**
 * A GET with a chosen Host header (fetch cannot set it). Answers are checked against the contract, except with
 * `outsideContract` (the REST API's paths on the agent host, which the contract's base-host operations do not cover).
 */
function getWithHost(base: string, path: string, host: string, headers: Record<string, string> = {}, outsideContract = false): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  return new Promise((resolve, reject) => {
    const u = new URL(base);
    const req = http.request({ host: u.hostname, port: u.port, path, method: "GET", headers: { host, accept: "application/json", ...headers } }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => {
        const body = res.headers["content-type"]?.includes("json") ? JSON.parse(text) : text;
        try {
          if (!outsideContract) assertMatchesContract("GET", path, res.statusCode!, body, res.headers["content-type"] ?? null);
        } catch (err) {
          return reject(err);
        }
        resolve({ status: res.statusCode!, headers: res.headers, body });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("one request per second per client", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PATCHBAY_AGENT_RATE_LIMIT_PER_SECOND: "1", PATCHBAY_TRUST_PROXY: "true" });
  }, 120_000);
  afterAll(() => server?.stop());

  it("refuses what comes past one request in the second with 429, Retry-After and the error shape", async () => {
    const headers = { "x-forwarded-for": "203.0.113.7" };
    await server.call("GET", "/llms.txt", { key: null, headers: { "x-forwarded-for": "203.0.113.70" } }); // warm, under another client
    // Sent together, so that they fall in one second even on a loaded machine.
    const answers = await Promise.all(["/llms.txt", "/.well-known/ucp", "/.well-known/acp.json"].map((path) => server.call("GET", path, { key: null, headers })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(2);
    for (const res of refused) {
      expect(res.body.error).toMatchObject({ code: "rate_limited", requestId: expect.any(String) });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
  });

  it("counts the public pages and the sitemap in the same budget", async () => {
    const headers = { "x-forwarded-for": "203.0.113.8" };
    await fetch(`${server.url}/apps`, { headers: { "x-forwarded-for": "203.0.113.80" } }); // builds the content index first, under another client
    const answers = await Promise.all([fetch(`${server.url}/sitemap.xml`, { headers }), fetch(`${server.url}/docs`, { headers })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 429]);
    expect((await answers.find((r) => r.status === 429)!.json()).error.code).toBe("rate_limited");
  });

  it("keeps clients apart: another address has its own budget", async () => {
    expect((await server.call("GET", "/agent/site.json", { key: null, headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(200);
    expect((await server.call("GET", "/agent/site.json", { key: null, headers: { "x-forwarded-for": "203.0.113.10" } })).status).toBe(200);
  });

  it("leaves the REST API on its own limit", async () => {
    const { key } = await server.newAccount();
    const headers = { "x-forwarded-for": "203.0.113.11" };
    expect((await server.call("GET", "/openapi.json", { key: null, headers })).status).toBe(200);
    expect((await server.call("GET", "/api/v1/me", { key, headers })).status).toBe(200);
    expect((await server.call("GET", "/api/v1/me", { key, headers })).status).toBe(200);
  });
});

describe.skipIf(!process.env.REDIS_URL)("shared through Redis", () => {
  it("counts a client once across two instances", async () => {
    const prefix = `test-agent-${Date.now()}`;
    const env = { PATCHBAY_AGENT_RATE_LIMIT_PER_SECOND: "1", PATCHBAY_TRUST_PROXY: "true", PATCHBAY_REDIS_PREFIX: prefix };
    const a = await startTestServer(env);
    const b = await startTestServer(env);
    try {
      // Each instance builds its content index on its first agent request (about a second): done first, from other
      // addresses, so that the two counted requests below arrive within the same second.
      await Promise.all([a, b].map((s, i) => s.call("GET", "/agent/site.json", { key: null, headers: { "x-forwarded-for": `198.51.100.${10 + i}` } })));
      const headers = { "x-forwarded-for": "198.51.100.1" };
      // Sent together to both instances: one budget, so one of the two is refused.
      const answers = await Promise.all([a, b].map((s) => s.call("GET", "/agent/site.json", { key: null, headers })));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 429]);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe("a separate agent host", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PATCHBAY_AGENT_URL: "http://agents.test" });
  }, 120_000);
  afterAll(() => server?.stop());

  it("does not serve the REST API on the agent host (404 naming the base URL)", async () => {
    const { key } = await server.newAccount();
    const res = await getWithHost(server.url, "/api/v1/me", "agents.test", { authorization: `Bearer ${key}` }, true);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "not_found", requestId: expect.any(String) });
    expect(res.body.error.message).toContain("/api/v1");
  });

  it("serves the agent endpoints there, with this host's URLs", async () => {
    const res = await getWithHost(server.url, "/agent/site.json", "agents.test");
    expect(res.status).toBe(200);
    expect(res.body.url).toBe("http://agents.test");
    expect(res.body.mcp.url).toBe("http://agents.test/mcp");
  });

  it("keeps the REST API on the base host", async () => {
    const { key } = await server.newAccount();
    expect((await server.call("GET", "/api/v1/me", { key })).status).toBe(200);
  });
});
