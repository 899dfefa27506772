import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe("rate limits", () => {
  it("puts RateLimit headers on every answer, success or error", async () => {
    const { key } = await server.newAccount();
    for (const [method, path] of [["GET", "/api/v1/me"], ["GET", "/api/v1/apps/no_such_app"], ["GET", "/api/v1/apps?limit=0"]]) {
      const res = await server.call(method, path, { key });
      expect(res.headers.get("ratelimit-limit")).toBe("120");
      expect(Number(res.headers.get("ratelimit-remaining"))).toBeGreaterThanOrEqual(0);
      expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    }
  });

  it("answers the 121st request of a minute with 429 rate_limited and Retry-After", async () => {
    const { key } = await server.newAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await server.call("GET", "/api/v1/me", { key })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const res = await server.call("GET", "/api/v1/me", { key });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("rate_limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.headers.get("ratelimit-remaining")).toBe("0");
  });

  it("counts each key on its own", async () => {
    const a = await server.newAccount();
    const b = await server.newAccount();
    for (let i = 0; i < 121; i++) await server.call("GET", "/api/v1/me", { key: a.key });
    expect((await server.call("GET", "/api/v1/me", { key: b.key })).status).toBe(200);
  });
});

describe.skipIf(!process.env.REDIS_URL)("rate limits across instances (Redis)", () => {
  let second: TestServer;
  const prefix = `shared-${randomBytes(4).toString("hex")}`;
  let first: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ PATCHBAY_REDIS_PREFIX: prefix });
    second = await startTestServer({ PATCHBAY_REDIS_PREFIX: prefix }, { dataDir: first.dataDir, databaseUrl: first.databaseUrl });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it("shares one budget between two instances", async () => {
    const { key } = await first.newAccount();
    for (let i = 0; i < 60; i++) expect((await first.call("GET", "/api/v1/me", { key })).status).toBe(200);
    for (let i = 0; i < 60; i++) expect((await second.call("GET", "/api/v1/me", { key })).status).toBe(200);
    const res = await first.call("GET", "/api/v1/me", { key });
    expect(res.status).toBe(429);
    expect((await second.call("GET", "/api/v1/me", { key })).status).toBe(429);
  });
});
