/**
 * `npm run demo` end to end, as the README's quick start walks it: the example app is in the catalog (labelled as
 * the example), connects over OAuth 2.0 (PKCE) and with an API key, its tools are found and run, and its webhook
 * events reach a receiver as signed deliveries that verify.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDemo, EXAMPLE_APP, EXAMPLE_APIKEY_APP, type Demo } from "../../src/demo/start-demo.js";
import { freshDatabase } from "../helpers/server.js";
import { testCatalogDir } from "../helpers/catalog-dir.js";
import { client } from "../helpers/http.js";
import { followRedirects } from "../fixtures/providers/index.js";

let demo: Demo;
let dataDir: string;
let drop: () => Promise<void>;
let call: ReturnType<typeof client>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "patchbay-demo-test-"));
  const db = await freshDatabase(dataDir);
  drop = db.drop;
  demo = await startDemo({
    PORT: "0",
    HOST: "127.0.0.1",
    PATCHBAY_DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    PATCHBAY_CATALOG_DIR: testCatalogDir,
    REDIS_URL: process.env.REDIS_URL ?? "",
    LOG_LEVEL: "silent",
    PATCHBAY_DELIVERY_RETRY_DELAYS: "0.1,0.1",
  });
  call = client(demo.service.url, demo.key);
});
afterAll(async () => {
  await demo?.stop();
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
});

/** Waits (up to a generous limit, not a timing assertion) until `check` gives a value. */
async function eventually<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe("the demo's example app", () => {
  it("is in the catalog, labelled as the example, with its tools", async () => {
    const app = await call("GET", `/api/v1/apps/${EXAMPLE_APP}`);
    expect(app.status).toBe(200);
    expect(app.body.name).toContain("example app of the demo");
    expect(app.body.auth.map((m: { type: string }) => m.type)).toEqual(["oauth2"]);
    expect(app.body.operator).toMatchObject({ configured: true, oauthClient: true, baseUrlOverridden: true });
    const tools = await call("GET", `/api/v1/tools?app=${EXAMPLE_APP}`);
    expect(tools.body.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(["EXAMPLE_CREATE_TASK", "EXAMPLE_LIST_TASKS", "EXAMPLE_SUBSCRIBE_WEBHOOK"]));
  });

  it("refuses a run before it is connected", async () => {
    const res = await call("POST", "/api/v1/tools/EXAMPLE_LIST_TASKS/run", { body: { arguments: {} } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("app_not_connected");
  });

  it("walks the quick start: connect (OAuth 2.0 + PKCE) → find → run → trigger → verified delivery", async () => {
    const link = await call("POST", `/api/v1/apps/${EXAMPLE_APP}/connect`, { body: { label: "demo" } });
    expect(link.status).toBe(201);
    const walk = await followRedirects(link.body.url);
    const authorize = new URL(walk.hops.find((h) => h.url.includes("/oauth/authorize"))!.url);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(walk.hops.at(-1)!.status).toBe(200);
    const [connection] = (await call("GET", `/api/v1/connections?app=${EXAMPLE_APP}`)).body;
    expect(connection).toMatchObject({ status: "active", authType: "oauth2", label: "demo" });

    const found = await call("POST", "/api/v1/tools/find", { body: { task: "create a task in the example app" } });
    expect(found.status).toBe(200);
    expect(found.body.tools[0].name).toBe("EXAMPLE_CREATE_TASK");

    const created = await call("POST", "/api/v1/tools/EXAMPLE_CREATE_TASK/run", { body: { arguments: { title: "Try Patchbay" } } });
    expect(created.body).toMatchObject({ successful: true, status: 201 });

    const trigger = await call("POST", "/api/v1/triggers", { body: { source: "webhook", name: "example tasks", webhookUrl: demo.receiver.url } });
    expect(trigger.status).toBe(201);
    const subscribed = await call("POST", "/api/v1/tools/EXAMPLE_SUBSCRIBE_WEBHOOK/run", { body: { arguments: { url: trigger.body.trigger.inboundUrl } } });
    expect(subscribed.body).toMatchObject({ successful: true, status: 201 });
    await call("POST", "/api/v1/tools/EXAMPLE_CREATE_TASK/run", { body: { arguments: { title: "Watch it arrive" } } });

    await eventually(async () => (demo.receiver.received.length ? true : undefined), "a delivery at the receiver");
    const check = await fetch(`${demo.receiver.url}?secret=${encodeURIComponent(trigger.body.signingSecret)}`);
    const [delivery] = (await check.json()) as { verified: boolean; triggerId: string; body: { payload?: { task?: { title?: string } } } }[];
    expect(delivery!.verified).toBe(true);
    expect(delivery!.triggerId).toBe(trigger.body.trigger.id);
    expect(JSON.stringify(delivery!.body)).toContain("Watch it arrive");
    const wrong = (await (await fetch(`${demo.receiver.url}?secret=not-the-secret`)).json()) as { verified: boolean }[];
    expect(wrong[0]!.verified).toBe(false);
  });

  it("delivers a generic webhook's JSON byte for byte (1.50 stays 1.50)", async () => {
    const trigger = await call("POST", "/api/v1/triggers", { body: { source: "webhook", name: "raw", webhookUrl: demo.receiver.url } });
    const sent = '{"amount": 1.50, "big": 12345678901234567890, "e": 1e2}';
    const inbound = await fetch(trigger.body.trigger.inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: sent });
    expect(inbound.status).toBeLessThan(300);
    const raw = await eventually(async () => demo.receiver.received.find((d) => d.headers["x-patchbay-trigger-id"] === trigger.body.trigger.id)?.raw, "the raw delivery");
    expect(raw).toContain(`"payload":${sent}}`);
    const bad = await fetch(trigger.body.trigger.inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(bad.status).toBe(400);
  });

  it("connects the API-key variant with the example's key and runs its tools", async () => {
    const link = await call("POST", `/api/v1/apps/${EXAMPLE_APIKEY_APP}/connect`, { body: {} });
    const wrong = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ secret: "not-the-key" }), redirect: "manual" });
    expect(wrong.status).toBe(400);
    const again = await call("POST", `/api/v1/apps/${EXAMPLE_APIKEY_APP}/connect`, { body: {} });
    const ok = await fetch(again.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ secret: demo.example.apiKey }), redirect: "manual" });
    expect(ok.status).toBe(200);
    const listed = await call("POST", "/api/v1/tools/EXAMPLE_APIKEY_LIST_TASKS/run", { body: { arguments: {} } });
    expect(listed.body).toMatchObject({ successful: true, status: 200 });
    expect(listed.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ title: "Try Patchbay" })]));
  });
});
