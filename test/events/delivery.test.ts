/**
 * Generic webhook triggers end to end through the real server: an event POSTed to the inbound URL is stored, then
 * delivered to a real receiver on loopback, signed (checked by Python's hmac), retried to exactly three attempts,
 * with Retry-After honoured; the log keeps the last 50 events; another account sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { startReceiver, type Receiver } from "./support/receiver.js";
import { verifyWithPython } from "./support/python-verify.js";
import { sleep, waitFor } from "./support/wait-for.js";

let server: TestServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
const receivers: Receiver[] = [];

beforeAll(async () => {
  // The delivery timeout is short so the hanging receiver's three attempts fit a test, yet long enough that a loopback
  // receiver's answer is not cut off when CI's two cores are busy (at 1 s a first attempt once timed out there).
  server = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true", PATCHBAY_DELIVERY_RETRY_DELAYS: "0.2,0.2", PATCHBAY_DELIVERY_TIMEOUT_SECONDS: "3", PATCHBAY_RATE_LIMIT_PER_MINUTE: "100000" });
  account = await server.newAccount();
});
afterAll(async () => {
  await server?.stop();
  await Promise.all(receivers.map((r) => r.stop()));
});

const receiver = async (...args: Parameters<typeof startReceiver>) => {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
};

async function webhookTrigger(webhookUrl?: string, key = account.key) {
  const res = await server.call("POST", "/api/v1/triggers", { key, body: { source: "webhook", name: "orders", ...(webhookUrl ? { webhookUrl } : {}) } });
  expect(res.status).toBe(201);
  return res.body as { trigger: { id: string; inboundUrl: string }; signingSecret: string };
}

const send = (inboundUrl: string, body: unknown) => fetch(inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const events = async (trigger: string, key = account.key) => (await server.call("GET", `/api/v1/events?trigger=${trigger}`, { key })).body;

const settled = (trigger: string) => waitFor(async () => {
  const [latest] = await events(trigger);
  return latest && latest.delivery.status !== "pending" ? latest : null;
}, "the delivery to settle");

describe("creating generic webhook triggers", () => {
  it("refuses a webhookUrl that is not http or https", async () => {
    for (const webhookUrl of ["ftp://example.com/hook", "mailto:ops@example.com"]) {
      const res = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { source: "webhook", name: "x", webhookUrl } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
      expect(res.body.error.message).toContain("webhookUrl");
    }
  });

  it("returns the trigger with its inbound URL, and a signing secret shown once", async () => {
    const { trigger, signingSecret } = await webhookTrigger("https://example.com/hook");
    expect(trigger).toMatchObject({ kind: "webhook", type: null, app: null, name: "orders", webhookUrl: "https://example.com/hook", status: "active", connection: null });
    expect(trigger.id).toMatch(/^trg_[0-9A-Za-z]{24}$/);
    expect(trigger.inboundUrl).toMatch(new RegExp(`^${server.service.services.config.baseUrl}/hooks/[0-9A-Za-z]{32}$`));
    expect(signingSecret).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    const listed = (await server.call("GET", "/api/v1/triggers", { key: account.key })).body;
    expect(listed[0].id).toBe(trigger.id);
    expect(JSON.stringify(listed)).not.toContain(signingSecret);
    const rows = JSON.stringify(await server.service.services.db.trigger.findMany());
    expect(rows).not.toContain(signingSecret);
  });
});

describe("delivering an event", () => {
  it("stores an inbound event, then POSTs it signed; Python's hmac verifies the signature", async () => {
    const to = await receiver();
    const { trigger, signingSecret } = await webhookTrigger(to.url);
    const inbound = await send(trigger.inboundUrl, { order: 42, total: "9.90" });
    expect(inbound.status).toBe(202);
    const { event } = await inbound.json();
    expect(event).toMatch(/^evt_[0-9A-Za-z]{24}$/);

    const got = await waitFor(() => to.requests[0], "the delivery");
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["x-patchbay-event-id"]).toBe(event);
    const timestamp = String(got.headers["x-patchbay-timestamp"]);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
    const signature = String(got.headers["x-patchbay-signature"]);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWithPython({ secret: signingSecret, timestamp, body: got.rawBody, signature })).toBe(true);
    expect(verifyWithPython({ secret: signingSecret, timestamp, body: got.rawBody.replace("42", "43"), signature })).toBe(false);
    expect(verifyWithPython({ secret: "whsec_wrong", timestamp, body: got.rawBody, signature })).toBe(false);
    expect(got.json).toEqual({ id: event, type: "webhook", trigger: trigger.id, app: null, receivedAt: expect.any(String), payload: { order: 42, total: "9.90" } });

    const latest = await settled(trigger.id);
    expect(latest).toMatchObject({ id: event, trigger: trigger.id, type: "webhook", payload: { order: 42, total: "9.90" }, delivery: { status: "delivered", nextAttemptAt: null } });
    expect(latest.delivery.attempts).toEqual([{ number: 1, at: expect.any(String), status: 200, error: null, durationMs: expect.any(Number) }]);
  });

  it("retries a failing receiver to exactly three attempts, recording each (status line only, never the receiver's body), then marks the event failed", async () => {
    const to = await receiver({ status: 500, body: "database on fire" });
    const { trigger } = await webhookTrigger(to.url);
    await send(trigger.inboundUrl, { n: 1 });
    const latest = await settled(trigger.id);
    expect(latest.delivery.status).toBe("failed");
    expect(latest.delivery.nextAttemptAt).toBeNull();
    expect(latest.delivery.attempts.map((a: { number: number }) => a.number)).toEqual([1, 2, 3]);
    for (const a of latest.delivery.attempts) expect(a).toMatchObject({ status: 500, error: "HTTP 500 Internal Server Error" });
    expect(JSON.stringify(latest)).not.toContain("database on fire");
    await sleep(800);
    expect(to.requests).toHaveLength(3);
    expect(new Set(to.requests.map((r) => r.headers["x-patchbay-event-id"]))).toEqual(new Set([latest.id]));
    expect(to.requests.map((r) => r.headers["x-patchbay-attempt"])).toEqual(["1", "2", "3"]);
    expect(new Set(to.requests.map((r) => r.rawBody)).size).toBe(1);
  });

  it("records timeouts and refused connections as attempts without a status", async () => {
    const hanging = await receiver({ status: 200, hang: true });
    // Port 1 on loopback refuses: nothing listens there and no ephemeral port is ever it. (A stopped receiver's port
    // was once taken by another test's socket during the hanging receiver's ten seconds, and answered.)
    const refusing = "http://127.0.0.1:1/hook";
    for (const [url, error] of [[hanging.url, /timed out/], [refusing, /connection refused/]] as const) {
      const { trigger } = await webhookTrigger(url);
      await send(trigger.inboundUrl, { n: 1 });
      const latest = await settled(trigger.id);
      expect(latest.delivery.status).toBe("failed");
      expect(latest.delivery.attempts).toHaveLength(3);
      for (const a of latest.delivery.attempts) {
        expect(a.status).toBeNull();
        expect(a.error).toMatch(error);
      }
    }
    expect(hanging.requests).toHaveLength(3);
  });

  it("waits as long as a 429's Retry-After asks before the next attempt", async () => {
    const to = await receiver();
    to.script({ status: 429, headers: { "retry-after": "2" } });
    const { trigger } = await webhookTrigger(to.url);
    await send(trigger.inboundUrl, { n: 1 });
    await waitFor(() => to.requests[0], "the first attempt");
    const pending = await waitFor(async () => ((await events(trigger.id))[0]?.delivery.attempts.length === 1 ? (await events(trigger.id))[0] : null), "the first attempt's record");
    expect(pending.delivery).toMatchObject({ status: "pending", attempts: [{ number: 1, status: 429 }] });
    expect(Date.parse(pending.delivery.nextAttemptAt) - Date.parse(pending.delivery.attempts[0].at)).toBeGreaterThanOrEqual(1900);
    const latest = await settled(trigger.id);
    expect(latest.delivery.status).toBe("delivered");
    expect(latest.delivery.attempts.map((a: { status: number }) => a.status)).toEqual([429, 200]);
    expect(to.requests[1]!.at - to.requests[0]!.at).toBeGreaterThanOrEqual(1900);
  });

  it("does not follow redirects: a 3xx is a failed attempt", async () => {
    const to = await receiver({ status: 302, headers: { location: "http://127.0.0.1:9/elsewhere" } });
    const { trigger } = await webhookTrigger(to.url);
    await send(trigger.inboundUrl, { n: 1 });
    const latest = await settled(trigger.id);
    expect(latest.delivery.attempts[0]).toMatchObject({ status: 302, error: expect.stringContaining("redirects are not followed") });
  });
});

describe("the event log", () => {
  it("keeps the last 50 events of a trigger, newest first", async () => {
    const { trigger } = await webhookTrigger();
    for (let n = 0; n < 55; n++) expect((await send(trigger.inboundUrl, { n })).status).toBe(202);
    const list = await events(trigger.id);
    expect(list).toHaveLength(50);
    expect(list.map((e: { payload: { n: number } }) => e.payload.n)).toEqual(Array.from({ length: 50 }, (_, i) => 54 - i));
    expect(list.every((e: { delivery: { status: string } }) => e.delivery.status === "skipped")).toBe(true);
    // Pruning is batched (at most once a second per trigger).
    await waitFor(async () => (await server.service.services.db.event.count({ where: { triggerId: trigger.id } })) === 50, "the prune");
    const limited = await server.call("GET", `/api/v1/events?trigger=${trigger.id}&limit=3`, { key: account.key });
    expect(limited.body.map((e: { payload: { n: number } }) => e.payload.n)).toEqual([54, 53, 52]);
  });

  it("keeps text and form bodies of generic webhooks as sent", async () => {
    const { trigger } = await webhookTrigger();
    await fetch(trigger.inboundUrl, { method: "POST", headers: { "content-type": "text/plain" }, body: "deploy done" });
    await fetch(trigger.inboundUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1&b=two" });
    const bad = await fetch(trigger.inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("invalid_request");
    expect((await events(trigger.id)).map((e: { payload: unknown }) => e.payload)).toEqual([{ a: "1", b: "two" }, "deploy done"]);
  });

  it("answers 404 for an unknown inbound URL and 405 for a GET, in the error shape", async () => {
    const unknown = await fetch(`${server.url}/hooks/${"a".repeat(32)}`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");
    const { trigger } = await webhookTrigger();
    const get = await fetch(trigger.inboundUrl);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("stops receiving once the trigger is deleted", async () => {
    const { trigger } = await webhookTrigger();
    const res = await server.call("DELETE", `/api/v1/triggers/${trigger.id}`, { key: account.key });
    expect(res.body).toEqual({ id: trigger.id, deleted: true });
    expect((await send(trigger.inboundUrl, {})).status).toBe(404);
    expect((await server.call("DELETE", `/api/v1/triggers/${trigger.id}`, { key: account.key })).status).toBe(404);
    expect((await server.call("GET", `/api/v1/events?trigger=${trigger.id}`, { key: account.key })).status).toBe(404);
  });
});

describe("tenant isolation", () => {
  it("keeps one account's triggers and events out of another's reach", async () => {
    const { trigger } = await webhookTrigger();
    await send(trigger.inboundUrl, { secret: "mine" });
    const stranger = await server.newAccount();
    expect((await server.call("GET", "/api/v1/triggers", { key: stranger.key })).body).toEqual([]);
    const list = await server.call("GET", `/api/v1/events?trigger=${trigger.id}`, { key: stranger.key });
    expect(list.status).toBe(404);
    expect(list.body.error.code).toBe("not_found");
    expect((await server.call("DELETE", `/api/v1/triggers/${trigger.id}`, { key: stranger.key })).status).toBe(404);
    const theirs = await webhookTrigger(undefined, stranger.key);
    expect((await server.call("GET", "/api/v1/triggers", { key: account.key })).body.map((t: { id: string }) => t.id)).not.toContain(theirs.trigger.id);
    expect((await events(trigger.id)).length).toBe(1);
  });

  it("needs the connect permission to create or delete, read to list", async () => {
    const reader = await server.newAccount({ permissions: ["read"] });
    const res = await server.call("POST", "/api/v1/triggers", { key: reader.key, body: { source: "webhook", name: "x" } });
    expect(res.status).toBe(403);
    expect((await server.call("GET", "/api/v1/triggers", { key: reader.key })).status).toBe(200);
  });
});
