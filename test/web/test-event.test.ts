/**
 * The activity page's "Send a test event" action over HTTP, and the webhook verification examples of /docs/reference
 * run against a real, signed delivery: the JavaScript function as the page shows it (compiled from the page's text)
 * and the Python one (run by python3).
 */
import { execFileSync } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { formClient } from "./support/form-client.js";

let server: TestServer;
let receiver: Server;
let hookUrl = "";
const deliveries: { path: string; headers: IncomingHttpHeaders; raw: Buffer }[] = [];
/** Each test's own receiver path (a retry for another test's event cannot be counted as this one's). */
let paths = 0;
const ownPath = (name = "ok") => `/${name}-${++paths}`;
const to = (url: string) => deliveries.filter((d) => d.path === new URL(url).pathname);

beforeAll(async () => {
  server = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true" });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c)).on("end", () => {
      deliveries.push({ path: req.url!, headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(req.url!.startsWith("/refuse") ? 503 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
}, 60_000);
afterAll(async () => {
  receiver?.close();
  await server?.stop();
});

/** A signed-up browser (JSON answers) with a key of its own account, for the REST calls. */
async function signedUpWithKey() {
  const web = formClient(server.url, { accept: "application/json" });
  expect((await web.submit("/sign-up", "/sign-up", { email: `events-${Math.random().toString(36).slice(2, 8)}@example.com`, password: "correct horse battery" })).status).toBe(303);
  const created = await web.submit("/developer", "/developer/keys", { project: "events", permissions: ["read", "connect"] });
  expect(created.status).toBe(201);
  return { web, key: created.json.key as string };
}

async function webhookTrigger(key: string, webhookUrl?: string) {
  const res = await server.call("POST", "/api/v1/triggers", { key, body: { source: "webhook", name: "orders", ...(webhookUrl ? { webhookUrl } : {}) } });
  expect(res.status).toBe(201);
  return res.body as { trigger: { id: string; inboundUrl: string }; signingSecret: string };
}

const events = async (key: string, trigger: string) => (await server.call("GET", `/api/v1/events?trigger=${trigger}`, { key })).body as { id: string; type: string; delivery: { status: string; attempts: { status: number | null }[] } }[];

describe("sending a test event from the activity page", () => {
  it("answers 401 without a session, and sends a browser to the sign-in page", async () => {
    const api = formClient(server.url, { accept: "application/json" });
    expect((await api.post("/activity/triggers/trg_x/test-event", { csrf: "x" })).status).toBe(401);
    const res = await formClient(server.url).post("/activity/triggers/trg_x/test-event", { csrf: "x" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/sign-in?reason=session");
  });

  it("refuses a form without the page's CSRF token", async () => {
    const { web, key } = await signedUpWithKey();
    const { trigger } = await webhookTrigger(key, `${hookUrl}${ownPath()}`);
    const res = await web.post(`/activity/triggers/${trigger.id}/test-event`, { csrf: "f".repeat(64) });
    expect(res.status).toBe(400);
    expect(await events(key, trigger.id)).toEqual([]);
  });

  it("answers 404 for another account's trigger, and sends nothing", async () => {
    const owner = await signedUpWithKey();
    const url = `${hookUrl}${ownPath()}`;
    const { trigger } = await webhookTrigger(owner.key, url);
    const { web } = await signedUpWithKey();
    const res = await web.submit("/activity", `/activity/triggers/${trigger.id}/test-event`, {});
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
    expect(to(url)).toEqual([]);
    expect(await events(owner.key, trigger.id)).toEqual([]);
  });

  it("shows a browser why a test event was not delivered when the receiver fails, and keeps it for a retry", async () => {
    const { key } = await signedUpWithKey();
    const browser = formClient(server.url);
    // The same account in a browser: sign in there.
    const { trigger } = await webhookTrigger(key, `${hookUrl}${ownPath("refuse")}`);
    const me = (await server.call("GET", "/api/v1/me", { key })).body as { email: string };
    expect((await browser.submit("/sign-in", "/sign-in", { email: me.email, password: "correct horse battery" })).status).toBe(303);
    const sent = await browser.submit("/activity", `/activity/triggers/${trigger.id}/test-event`, {});
    expect(sent.status).toBe(303);
    const page = await browser.get(sent.headers.get("location")!);
    expect(page.text).toMatch(/Test event <code>evt_\w+<\/code> was not delivered to http:\/\/127\.0\.0\.1:\d+\/refuse-\d+: HTTP 503 Service Unavailable\. It is retried at/);
    const [event] = await events(key, trigger.id);
    expect(event).toMatchObject({ type: "patchbay.test", delivery: { status: "pending", attempts: [{ status: 503 }] } });
  });

  it("stores a test event for a trigger without a webhook URL, saying it is not delivered", async () => {
    const { key } = await signedUpWithKey();
    const { trigger } = await webhookTrigger(key);
    const browser = formClient(server.url);
    const me = (await server.call("GET", "/api/v1/me", { key })).body as { email: string };
    expect((await browser.submit("/sign-in", "/sign-in", { email: me.email, password: "correct horse battery" })).status).toBe(303);
    const sent = await browser.submit("/activity", `/activity/triggers/${trigger.id}/test-event`, {});
    const page = await browser.get(sent.headers.get("location")!);
    expect(page.text).toMatch(/This trigger has no webhook URL, so it is not delivered/);
    expect((await events(key, trigger.id))[0]).toMatchObject({ type: "patchbay.test", delivery: { status: "skipped" } });
  });

  it("delivers a signed test event at once: 303 to the activity page naming it", async () => {
    const { web, key } = await signedUpWithKey();
    const url = `${hookUrl}${ownPath()}`;
    const { trigger } = await webhookTrigger(key, url);
    const res = await web.submit("/activity", `/activity/triggers/${trigger.id}/test-event`, {});
    expect(res.status).toBe(303);
    const [event] = await events(key, trigger.id);
    expect(res.headers.get("location")).toBe(`/activity?tested=${event!.id}#trg-${trigger.id}`);
    expect(event).toMatchObject({ type: "patchbay.test", delivery: { status: "delivered", attempts: [{ status: 204 }] } });
    expect(to(url)).toHaveLength(1);
    expect(JSON.parse(to(url)[0]!.raw.toString("utf8"))).toMatchObject({ id: event!.id, type: "patchbay.test", trigger: trigger.id, payload: { test: true } });
  });
});

/** The code blocks of /docs/reference, by caption, as the reader sees them (markup unescaped). */
async function docsExamples(): Promise<Map<string, string>> {
  const page = await (await fetch(`${server.url}/docs/reference`)).text();
  const unescape = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  const blocks = new Map<string, string>();
  for (const m of page.matchAll(/<figcaption class="muted">([^<]+)<\/figcaption><pre tabindex="0"><code>([\s\S]*?)<\/code><\/pre>/g)) blocks.set(unescape(m[1]!), unescape(m[2]!));
  return blocks;
}

describe("the webhook verification examples on /docs/reference", () => {
  let delivery: { headers: IncomingHttpHeaders; raw: Buffer };
  let secret = "";
  let examples: Map<string, string>;

  beforeAll(async () => {
    const { key } = await signedUpWithKey();
    const url = `${hookUrl}${ownPath()}`;
    const created = await webhookTrigger(key, url);
    secret = created.signingSecret;
    await fetch(created.trigger.inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ order: 1, note: "café ☕" }) });
    // Delivered by the queue, not at once: wait for it (a condition, with a generous limit for a loaded machine).
    for (const deadline = Date.now() + 30_000; !to(url).length; ) {
      if (Date.now() > deadline) throw new Error("the event was not delivered within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    delivery = to(url)[0]!;
    examples = await docsExamples();
  }, 60_000);

  const header = (name: string) => String(delivery.headers[name]);
  const resign = (timestamp: string, raw: Buffer) => "sha256=" + createHmac("sha256", secret).update(`${timestamp}.`).update(raw).digest("hex");

  it("shows Express, Fastify, Flask and FastAPI, each with the same verification function", () => {
    const names = [...examples.keys()];
    for (const framework of ["Express", "Fastify", "Flask", "FastAPI"]) expect(names.some((n) => n.startsWith(framework))).toBe(true);
    const jsFunctions = names.filter((n) => /^(Express|Fastify)/.test(n)).map((n) => /function verifyPatchbay[\s\S]*?\n}\n/.exec(examples.get(n)!)?.[0]);
    const pyFunctions = names.filter((n) => /^(Flask|FastAPI)/.test(n)).map((n) => /def verify_patchbay[\s\S]*?compare_digest\(.*\)\n/.exec(examples.get(n)!)?.[0]);
    expect(jsFunctions).toHaveLength(2);
    expect(new Set(jsFunctions).size).toBe(1);
    expect(jsFunctions[0]).toBeTruthy();
    expect(new Set(pyFunctions).size).toBe(1);
    expect(pyFunctions[0]).toBeTruthy();
  });

  it("the JavaScript example accepts the real delivery and refuses a changed body, another secret and an old timestamp", () => {
    const express = [...examples].find(([n]) => n.startsWith("Express"))![1];
    const source = /function verifyPatchbay[\s\S]*?\n}\n/.exec(express)![0];
    const verify = new Function("createHmac", "timingSafeEqual", `${source}\nreturn verifyPatchbay;`)(createHmac, timingSafeEqual) as (raw: Buffer, ts: string | undefined, sig: string | undefined, secret: string) => boolean;
    const ts = header("x-patchbay-timestamp");
    const sig = header("x-patchbay-signature");
    expect(verify(delivery.raw, ts, sig, "another secret")).toBe(false);
    expect(verify(Buffer.concat([delivery.raw, Buffer.from(" ")]), ts, sig, secret)).toBe(false);
    const old = String(Number(ts) - 600);
    expect(verify(delivery.raw, old, resign(old, delivery.raw), secret)).toBe(false);
    expect(verify(delivery.raw, undefined, undefined, secret)).toBe(false);
    expect(verify(delivery.raw, ts, sig, secret)).toBe(true);
    // The other headers the page tells a receiver to read are sent.
    expect(delivery.headers["x-patchbay-trigger-id"]).toMatch(/^trg_/);
    expect(delivery.headers["x-patchbay-event-id"]).toMatch(/^evt_/);
  });

  it("the Python example accepts the real delivery and refuses a changed body, another secret and an old timestamp", () => {
    const flask = [...examples].find(([n]) => n.startsWith("Flask"))![1];
    const source = /import hashlib, hmac, time\n[\s\S]*?compare_digest\(.*\)\n/.exec(flask)![0];
    const ts = header("x-patchbay-timestamp");
    const old = String(Number(ts) - 600);
    const cases = [
      { raw: delivery.raw, ts, sig: header("x-patchbay-signature"), secret: "another secret" },
      { raw: Buffer.concat([delivery.raw, Buffer.from(" ")]), ts, sig: header("x-patchbay-signature"), secret },
      { raw: delivery.raw, ts: old, sig: resign(old, delivery.raw), secret },
      { raw: delivery.raw, ts: "", sig: "", secret },
      { raw: delivery.raw, ts, sig: header("x-patchbay-signature"), secret },
    ].map((c) => ({ ...c, raw: c.raw.toString("base64") }));
    const program = `${source}\nimport base64, json, sys\nfor c in json.load(sys.stdin):\n    print(verify_patchbay(base64.b64decode(c["raw"]), c["ts"], c["sig"], c["secret"]))\n`;
    const out = execFileSync("python3", ["-c", program], { input: JSON.stringify(cases), encoding: "utf8" });
    expect(out.trim().split("\n")).toEqual(["False", "False", "False", "False", "True"]);
  });
});
