/**
 * What a connected app answers comes back through the proxy (POST /apps/{app}/request) as the app sent it, whatever
 * its shape: JSON parsed, JSON nested thousands of levels deep handed on as its text (parsed, it could not be
 * serialized into the answer again: a 500 for what the app sent), text as text. Stripe's base URL is set to a raw
 * upstream on loopback that answers what each test asks for.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureApp } from "../../src/domain/app-settings.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { connectWithSecret } from "../helpers/connect.js";

let server: TestServer;
let upstream: http.Server;
let key: string;
/** What the upstream answers to the next request that is not the identity probe. */
let next: { type: string; body: string } = { type: "application/json", body: "{}" };

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const probe = req.url === "/v1/account";
    res.writeHead(200, { "content-type": probe ? "application/json" : next.type });
    res.end(probe ? '{"id":"acct_1","email":"a@example.com"}' : next.body);
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", () => r()));
  server = await startTestServer();
  const { port } = upstream.address() as AddressInfo;
  await configureApp(server.service.services.db, server.service.services.secrets, "stripe", { baseUrl: `http://127.0.0.1:${port}` });
  ({ key } = await server.newAccount());
  await connectWithSecret(server, key);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  upstream?.close();
});

const proxy = (answer: { type: string; body: string }) => {
  next = answer;
  return server.call("POST", "/api/v1/apps/stripe/request", { key, body: { method: "GET", path: "/v1/customers" } });
};
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

describe("the proxy hands on what the app answered", () => {
  it("parses a JSON answer, nested as deep as real APIs nest", async () => {
    const res = await proxy({ type: "application/json", body: nested(40) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    let v = res.body.body;
    for (let i = 0; i < 40; i++) v = v.a;
    expect(v).toBe(1);
  });

  it("hands on JSON nested 20,000 deep as its text, not a 500", async () => {
    const body = nested(20_000);
    const res = await proxy({ type: "application/json", body });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.body).toBe(body);
  });

  it("hands on text as text, and answers with the app's status", async () => {
    const res = await proxy({ type: "text/plain", body: "plain words" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 200, body: "plain words" });
  });
});
