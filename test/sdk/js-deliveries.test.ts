/** The built JavaScript client with triggers and events: a delivery made by the server verifies with webhooks.verify. */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSdk, distDir } from "../../scripts/sdk-build.js";
import { withSdkDist } from "../helpers/sdk-dist-lock.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

type Sdk = typeof import("../../sdk/js/src/index.js");

let sdk: Sdk;
let server: TestServer;
let patchbay: InstanceType<Sdk["Patchbay"]>;
const received: { body: string; headers: IncomingHttpHeaders }[] = [];
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (d) => (body += d));
  req.on("end", () => {
    received.push({ body, headers: req.headers });
    res.writeHead(200).end();
  });
});

beforeAll(async () => {
  await withSdkDist(async () => {
    await buildSdk();
    sdk = (await import(pathToFileURL(join(distDir, "index.mjs")).href)) as Sdk;
  });
  server = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true" });
  patchbay = new sdk.Patchbay({ apiKey: (await server.newAccount()).key, baseUrl: server.url });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
});
afterAll(async () => {
  receiver.close();
  await server?.stop();
});

describe("JavaScript client: triggers, events and deliveries", () => {
  it("lists an app's event types", async () => {
    const { triggers } = await patchbay.triggers.types({ app: "stripe" });
    expect(triggers.map((t) => t.id)).toContain("stripe.payment_intent.succeeded");
  });

  it("creates a webhook trigger whose deliveries verify with webhooks.verify, and deletes it", async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const { trigger, signingSecret } = await patchbay.triggers.create({ source: "webhook", name: "orders", webhookUrl: url });
    const sent = await fetch(trigger.inboundUrl!, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ order: 7 }) });
    expect(sent.status).toBe(202);
    for (let i = 0; i < 150 && !received.length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    const { body, headers } = received[0];
    const event = (await sdk.webhooks.verify(body, headers as Record<string, string>, signingSecret)) as { id: string; payload: unknown };
    expect(event.payload).toEqual({ order: 7 });
    await expect(sdk.webhooks.verify(body.replace("7", "8"), headers as Record<string, string>, signingSecret)).rejects.toMatchObject({ code: "invalid_signature" });
    // The receiver has the request before the server has read its 200 and recorded the delivery: wait for that record.
    let events = await patchbay.events.list({ trigger: trigger.id });
    for (let i = 0; i < 100 && events[0]?.delivery.status !== "delivered"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      events = await patchbay.events.list({ trigger: trigger.id });
    }
    expect(events[0].id).toBe(event.id);
    expect(events[0].delivery.status).toBe("delivered");
    expect((await patchbay.triggers.list()).map((t) => t.id)).toContain(trigger.id);
    await patchbay.triggers.delete(trigger.id);
    expect((await patchbay.triggers.list()).map((t) => t.id)).not.toContain(trigger.id);
  });
});
