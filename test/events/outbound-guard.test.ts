/**
 * The outbound guard (src/net): user-given URLs may not reach loopback, private or link-local addresses, checked on
 * the addresses a name resolves to, unless PATCHBAY_ALLOW_PRIVATE_NETWORK=true. Checked when a trigger is created,
 * and again at each delivery (a name may resolve elsewhere by then).
 */
import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { blockedHost, blockedKind } from "../../src/net/blocked-address.js";
import { sendOutbound } from "../../src/net/outbound-request.js";
import { startReceiver, type Receiver } from "./support/receiver.js";
import { waitFor } from "./support/wait-for.js";

let server: TestServer;
let key: string;
let to: Receiver;

beforeAll(async () => {
  server = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "false", PATCHBAY_RATE_LIMIT_PER_MINUTE: "100000" });
  key = (await server.newAccount()).key;
  to = await startReceiver();
});
afterAll(async () => {
  await server?.stop();
  await to?.stop();
});

describe("which addresses are refused", () => {
  it.each([
    ["127.0.0.1", "loopback"], ["::1", "loopback"], ["::ffff:127.0.0.1", "loopback"], ["10.1.2.3", "private"], ["172.20.0.1", "private"],
    ["192.168.1.10", "private"], ["fd12::1", "private"], ["169.254.169.254", "link-local"], ["fe80::1", "link-local"], ["0.0.0.0", "unspecified"],
  ])("refuses %s (%s)", (address, kind) => expect(blockedKind(address)).toBe(kind));

  it.each(["8.8.8.8", "140.82.112.3", "2606:4700:4700::1111"])("lets %s through", (address) => expect(blockedKind(address)).toBeNull());
});

describe("an outbound request", () => {
  it("is refused for a loopback address and for a name resolving to one, with an error that says how to allow it", async () => {
    const port = new URL(to.url).port;
    for (const url of [to.url, `http://localhost:${port}/hook`]) {
      const err = await sendOutbound({ url, method: "POST", headers: {}, body: "{}", timeoutMs: 2000, allowPrivate: false }).catch((e) => e);
      expect(err.reason).toBe("refused_address");
      expect(err.message).toMatch(/loopback address/);
      expect(err.message).toContain("PATCHBAY_ALLOW_PRIVATE_NETWORK=true");
    }
    expect(to.requests).toHaveLength(0);
    const allowed = await sendOutbound({ url: to.url, method: "POST", headers: {}, body: "{}", timeoutMs: 2000, allowPrivate: true });
    expect(allowed.status).toBe(200);
    to.requests.length = 0;
  });
});

describe("a host name that passes the spelling check", () => {
  // The machine's own name (in /etc/hosts) is not refused by its spelling: only the address it resolves to, looked up
  // when the socket connects, tells that it is loopback. Where it resolves to a public address the check cannot be made.
  it("is refused at connect time when it resolves to a blocked address", async (t) => {
    const name = hostname();
    const resolved = await lookup(name).catch(() => null);
    if (!resolved || !blockedKind(resolved.address) || blockedHost(name)) return t.skip(`${name} does not resolve to a blocked address here`);
    const port = new URL(to.url).port;
    const err = await sendOutbound({ url: `http://${name}:${port}/hook`, method: "POST", headers: {}, body: "{}", timeoutMs: 2000, allowPrivate: false }).catch((e) => e);
    expect(err.reason).toBe("refused_address");
    expect(err.message).toContain(name);
    expect(to.requests).toHaveLength(0);
  });
});

describe("triggers with a private webhookUrl", () => {
  it("are refused at creation, naming the setting that allows them", async () => {
    for (const webhookUrl of [to.url, "http://localhost/hook", "http://10.0.0.8/hook", "http://[::1]:8080/hook", "http://169.254.169.254/latest/meta-data"]) {
      const res = await server.call("POST", "/api/v1/triggers", { key, body: { source: "webhook", name: "x", webhookUrl } });
      expect(res.status, webhookUrl).toBe(400);
      expect(res.body.error.message).toContain("PATCHBAY_ALLOW_PRIVATE_NETWORK=true");
    }
  });

  it("fail their delivery without retrying when the URL leads to a private address by delivery time", async () => {
    const created = await server.call("POST", "/api/v1/triggers", { key, body: { source: "webhook", name: "x", webhookUrl: "https://example.com/hook" } });
    const { trigger } = created.body;
    // As if example.com now resolved to loopback (DNS rebinding): the guard checks at connect time.
    await server.service.services.db.trigger.update({ where: { id: trigger.id }, data: { webhookUrl: to.url } });
    expect((await fetch(trigger.inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(202);
    const event = await waitFor(async () => {
      const [e] = (await server.call("GET", `/api/v1/events?trigger=${trigger.id}`, { key })).body;
      return e?.delivery.status === "failed" ? e : null;
    }, "the refused delivery");
    expect(event.delivery.attempts).toEqual([expect.objectContaining({ number: 1, status: null, error: expect.stringContaining("PATCHBAY_ALLOW_PRIVATE_NETWORK=true") })]);
    expect(to.requests).toHaveLength(0);
  });
});
