/**
 * Changing a trigger (PATCH /triggers/{id}) and sending an event again (POST /events/{id}/redeliver), through the
 * real server and a real receiver on loopback: a new webhookUrl takes the next event; a paused trigger stores its
 * events as skipped and delivers none; a redelivery is a new round of attempts numbered on from the last one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { startReceiver, type Receiver } from "./support/receiver.js";
import { waitFor } from "./support/wait-for.js";
import { Patchbay } from "../../sdk/js/src/index.js";
import { followRedirects } from "../fixtures/providers/index.js";
import { githubStandIn } from "../helpers/github-stand-in.js";

let server: TestServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
let other: Awaited<ReturnType<TestServer["newAccount"]>>;
const receivers: Receiver[] = [];

beforeAll(async () => {
  server = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true", PATCHBAY_DELIVERY_RETRY_DELAYS: "0.1,0.1", PATCHBAY_DELIVERY_TIMEOUT_SECONDS: "1", PATCHBAY_RATE_LIMIT_PER_MINUTE: "100000" });
  account = await server.newAccount();
  other = await server.newAccount();
});
afterAll(async () => {
  await server?.stop();
  await Promise.all(receivers.map((r) => r.stop()));
});

const receiver = async () => {
  const r = await startReceiver();
  receivers.push(r);
  return r;
};

async function webhookTrigger(webhookUrl?: string) {
  const res = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { source: "webhook", name: "orders", ...(webhookUrl ? { webhookUrl } : {}) } });
  expect(res.status).toBe(201);
  return res.body.trigger as { id: string; inboundUrl: string; enabled: boolean };
}

async function send(inboundUrl: string, body: unknown): Promise<string> {
  const res = await fetch(inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status).toBe(202);
  return (await res.json()).event;
}

const patch = (id: string, body: unknown, key = account.key) => server.call("PATCH", `/api/v1/triggers/${id}`, { key, body });
const redeliver = (id: string, key = account.key) => server.call("POST", `/api/v1/events/${id}/redeliver`, { key });

async function eventOf(trigger: string, id: string) {
  const list = (await server.call("GET", `/api/v1/events?trigger=${trigger}`, { key: account.key })).body as any[];
  return list.find((e) => e.id === id);
}

const settled = (trigger: string, id: string) =>
  waitFor(async () => {
    const e = await eventOf(trigger, id);
    return e && e.delivery.status !== "pending" ? e : null;
  }, `event ${id} to settle`);

describe("PATCH /triggers/{id}", () => {
  it("refuses an empty patch", async () => {
    const trigger = await webhookTrigger();
    const res = await patch(trigger.id, {});
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });

  it("answers 404 for another account's trigger, and leaves it unchanged", async () => {
    const trigger = await webhookTrigger("https://example.com/a");
    const res = await patch(trigger.id, { webhookUrl: "https://example.com/b" }, other.key);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    const row = await server.service.services.db.trigger.findUnique({ where: { id: trigger.id } });
    expect(row?.webhookUrl).toBe("https://example.com/a");
  });

  it("refuses a webhookUrl that is not http or https", async () => {
    const trigger = await webhookTrigger();
    const res = await patch(trigger.id, { webhookUrl: "ftp://example.com/hook" });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("webhookUrl");
  });

  it("answers the updated trigger, renamed and with its new webhookUrl", async () => {
    const trigger = await webhookTrigger();
    expect(trigger.enabled).toBe(true);
    const res = await patch(trigger.id, { name: "invoices", webhookUrl: "https://example.com/new" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: trigger.id, name: "invoices", webhookUrl: "https://example.com/new", enabled: true, inboundUrl: trigger.inboundUrl });
  });

  it("delivers the next event to the new webhookUrl", async () => {
    const before = await receiver();
    const after = await receiver();
    const trigger = await webhookTrigger(before.url);
    const first = await send(trigger.inboundUrl, { n: 1 });
    expect((await settled(trigger.id, first)).delivery.status).toBe("delivered");
    expect((await patch(trigger.id, { webhookUrl: after.url })).status).toBe(200);
    const second = await send(trigger.inboundUrl, { n: 2 });
    expect((await settled(trigger.id, second)).delivery.status).toBe("delivered");
    expect(before.requests.map((r) => r.json.payload)).toEqual([{ n: 1 }]);
    expect(after.requests.map((r) => r.json.payload)).toEqual([{ n: 2 }]);
  });

  it("while disabled, stores events as skipped and delivers none; re-enabled, delivers again without replaying", async () => {
    const to = await receiver();
    const trigger = await webhookTrigger(to.url);
    const off = await patch(trigger.id, { enabled: false });
    expect(off.body.enabled).toBe(false);
    const paused = await send(trigger.inboundUrl, { n: "paused" });
    expect((await eventOf(trigger.id, paused)).delivery).toMatchObject({ status: "skipped", attempts: [] });

    const on = await patch(trigger.id, { enabled: true });
    expect(on.body.enabled).toBe(true);
    const resumed = await send(trigger.inboundUrl, { n: "resumed" });
    expect((await settled(trigger.id, resumed)).delivery.status).toBe("delivered");
    expect(to.requests.map((r) => r.json.payload)).toEqual([{ n: "resumed" }]);
    expect((await eventOf(trigger.id, paused)).delivery.status).toBe("skipped");
  });
});

describe("PATCH /triggers/{id} without private network access", () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "false" });
  });
  afterAll(async () => {
    await strict?.stop();
  });

  it("refuses a webhookUrl on a private address", async () => {
    const owner = await strict.newAccount();
    const created = await strict.call("POST", "/api/v1/triggers", { key: owner.key, body: { source: "webhook", name: "x", webhookUrl: "https://example.com/hook" } });
    expect(created.status).toBe(201);
    for (const webhookUrl of ["http://127.0.0.1:8080/hook", "http://10.0.0.7/hook", "http://[::1]/hook"]) {
      const res = await strict.call("PATCH", `/api/v1/triggers/${created.body.trigger.id}`, { key: owner.key, body: { webhookUrl } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
    }
    const row = await strict.service.services.db.trigger.findUnique({ where: { id: created.body.trigger.id } });
    expect(row?.webhookUrl).toBe("https://example.com/hook");
  });
});

describe("POST /events/{id}/redeliver", () => {
  it("answers 404 for another account's event", async () => {
    const to = await receiver();
    const trigger = await webhookTrigger(to.url);
    const event = await send(trigger.inboundUrl, { n: 1 });
    await settled(trigger.id, event);
    const res = await redeliver(event, other.key);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect(to.requests).toHaveLength(1);
  });

  it("answers 404 for an event that does not exist", async () => {
    const res = await redeliver("evt_000000000000000000000000");
    expect(res.status).toBe(404);
  });

  it("answers 409 when the trigger has no webhookUrl", async () => {
    const trigger = await webhookTrigger();
    const event = await send(trigger.inboundUrl, { n: 1 });
    const res = await redeliver(event);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    expect(res.body.error.message).toContain("webhookUrl");
  });

  it("answers 409 when the trigger is disabled", async () => {
    const to = await receiver();
    const trigger = await webhookTrigger(to.url);
    const event = await send(trigger.inboundUrl, { n: 1 });
    await settled(trigger.id, event);
    await patch(trigger.id, { enabled: false });
    const res = await redeliver(event);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
  });

  it("answers 409 while the event is still waiting for an attempt", async () => {
    const to = await receiver();
    to.script({ status: 200, hang: true }); // the first attempt runs until the 1 s delivery timeout
    const trigger = await webhookTrigger(to.url);
    const event = await send(trigger.inboundUrl, { n: 1 });
    await waitFor(() => to.requests.length === 1, "the first attempt to reach the receiver");
    const res = await redeliver(event);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    const done = await settled(trigger.id, event);
    expect(done.delivery.attempts.map((a: any) => a.number)).toEqual([1, 2]);
  });

  it("delivers a failed event in a new round, recording attempts 4, 5, ... after the first three", async () => {
    const to = await receiver();
    to.script({ status: 500 }, { status: 500 }, { status: 500 }, { status: 503 });
    const trigger = await webhookTrigger(to.url);
    const event = await send(trigger.inboundUrl, { order: 7 });
    const failed = await settled(trigger.id, event);
    expect(failed.delivery.status).toBe("failed");
    expect(failed.delivery.attempts.map((a: any) => a.number)).toEqual([1, 2, 3]);

    const res = await redeliver(event);
    expect(res.status).toBe(202);
    expect(res.body.id).toBe(event);
    expect(["pending", "delivered"]).toContain(res.body.delivery.status);

    const done = await settled(trigger.id, event);
    expect(done.delivery.status).toBe("delivered");
    expect(done.delivery.attempts.map((a: any) => [a.number, a.status])).toEqual([[1, 500], [2, 500], [3, 500], [4, 503], [5, 200]]);
    expect(to.requests.map((r) => r.headers["x-patchbay-attempt"])).toEqual(["1", "2", "3", "4", "5"]);
    expect(new Set(to.requests.map((r) => r.rawBody)).size).toBe(1);
  });

  it("gives a redelivery at most three attempts of its own (4, 5, 6), then fails again", async () => {
    const to = await receiver();
    to.setDefault({ status: 500 });
    const trigger = await webhookTrigger(to.url);
    const event = await send(trigger.inboundUrl, { order: 8 });
    expect((await settled(trigger.id, event)).delivery.attempts).toHaveLength(3);
    expect((await redeliver(event)).status).toBe(202);
    const again = await settled(trigger.id, event);
    expect(again.delivery.status).toBe("failed");
    expect(again.delivery.attempts.map((a: any) => a.number)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("sends a redelivery to the trigger's current webhookUrl", async () => {
    const old = await receiver();
    const now = await receiver();
    const trigger = await webhookTrigger(old.url);
    const event = await send(trigger.inboundUrl, { n: 1 });
    expect((await settled(trigger.id, event)).delivery.status).toBe("delivered");
    await patch(trigger.id, { webhookUrl: now.url });
    expect((await redeliver(event)).status).toBe(202);
    const done = await settled(trigger.id, event);
    expect(done.delivery.attempts.map((a: any) => a.number)).toEqual([1, 2]);
    expect(old.requests).toHaveLength(1);
    expect(now.requests.map((r) => [r.headers["x-patchbay-event-id"], r.headers["x-patchbay-attempt"]])).toEqual([[event, "2"]]);
  });
});

describe("the JavaScript client", () => {
  it("pauses a trigger with triggers.update and sends an event again with events.redeliver", async () => {
    const to = await receiver();
    const trigger = await webhookTrigger(to.url);
    const patchbay = new Patchbay({ apiKey: account.key, baseUrl: server.url });
    const event = await send(trigger.inboundUrl, { n: 1 });
    await settled(trigger.id, event);
    const paused = await patchbay.triggers.update(trigger.id, { enabled: false });
    expect(paused.enabled).toBe(false);
    await expect(patchbay.events.redeliver(event)).rejects.toMatchObject({ status: 409 });
    await patchbay.triggers.update(trigger.id, { enabled: true });
    expect((await patchbay.events.redeliver(event)).id).toBe(event);
    expect((await settled(trigger.id, event)).delivery.attempts.map((a: any) => a.number)).toEqual([1, 2]);
  });
});

describe("a paused polling trigger", () => {
  const LIST = "GET /repos/{owner}/{repo}/issues";
  let polling: TestServer;
  let gh: Awaited<ReturnType<typeof githubStandIn>>;
  let owner: Awaited<ReturnType<TestServer["newAccount"]>>;
  beforeAll(async () => {
    polling = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true", PATCHBAY_POLL_INTERVAL_SECONDS: "0.2", PATCHBAY_RATE_LIMIT_PER_MINUTE: "100000" });
    gh = await githubStandIn(polling);
    owner = await polling.newAccount();
    const link = await polling.call("POST", "/api/v1/apps/github/connect", { key: owner.key, body: {} });
    expect((await followRedirects(link.body.url)).hops.at(-1)!.status).toBe(200);
    gh.github.setResponse(LIST, () => ({ status: 200, body: [] }));
  });
  afterAll(async () => {
    await polling?.stop();
    await gh?.stop();
  });

  const pollingTrigger = async (repo: string) => {
    const res = await polling.call("POST", "/api/v1/triggers", { key: owner.key, body: { type: "github.new_item.issues_list_for_repo", config: { owner: "octo", repo }, webhookUrl: "https://example.com/hook" } });
    expect(res.status).toBe(201);
    return res.body.trigger as { id: string; name: string };
  };
  const lists = (repo: string) => gh.github.requests.filter((r) => r.operationKey === LIST && r.path === `/repos/octo/${repo}/issues`).length;

  it("refuses a new name for a typed trigger", async () => {
    const trigger = await pollingTrigger("named");
    const res = await polling.call("PATCH", `/api/v1/triggers/${trigger.id}`, { key: owner.key, body: { name: "mine" } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("name");
  });

  it("is not polled while paused, and is polled again once resumed", async () => {
    const paused = await pollingTrigger("paused");
    await pollingTrigger("running");
    expect((await polling.call("PATCH", `/api/v1/triggers/${paused.id}`, { key: owner.key, body: { enabled: false } })).status).toBe(200);
    // The other trigger's polls are the clock: every sweep that polls it would have polled the paused one too. One
    // poll of it first lets a poll of the paused trigger that began before the PATCH finish.
    const settledFrom = lists("running");
    await waitFor(() => lists("running") > settledFrom, "a poll of the running trigger");
    const pausedAt = lists("paused");
    const from = lists("running");
    await waitFor(() => lists("running") >= from + 3, "three more polls of the running trigger");
    expect(lists("paused")).toBe(pausedAt);
    expect((await polling.call("PATCH", `/api/v1/triggers/${paused.id}`, { key: owner.key, body: { enabled: true } })).status).toBe(200);
    await waitFor(() => lists("paused") > pausedAt, "a poll of the resumed trigger");
  });
});
