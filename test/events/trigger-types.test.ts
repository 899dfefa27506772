/** `GET /triggers/types?app=`: the curated webhook types, the polling types derived from list operations, and 404s. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.newAccount()).key;
});
afterAll(async () => server?.stop());

const types = async (app: string) => (await server.call("GET", `/api/v1/triggers/types?app=${app}`, { key })).body.triggers as { id: string; app: string; delivery: string; name: string; configSchema: any; examplePayload: unknown }[];

describe("GET /triggers/types", () => {
  it("answers 404 for an app that is not in the catalog", async () => {
    const res = await server.call("GET", "/api/v1/triggers/types?app=no_such_app", { key });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "not_found", message: expect.stringContaining("no_such_app") });
  });

  it("lists Slack's message event and Stripe's payment events, each with a config schema and an example payload", async () => {
    const slack = (await types("slack")).find((t) => t.id === "slack.message.posted");
    expect(slack).toMatchObject({ app: "slack", delivery: "webhook", configSchema: { type: "object", required: ["signingSecret"] } });
    expect(slack!.examplePayload).toMatchObject({ type: "event_callback", event: { type: "message" } });
    const stripe = await types("stripe");
    for (const id of ["stripe.payment_intent.succeeded", "stripe.payment_intent.payment_failed", "stripe.charge.refunded"]) {
      const t = stripe.find((x) => x.id === id);
      expect(t).toMatchObject({ delivery: "webhook", configSchema: { type: "object" } });
      expect(t!.examplePayload).toMatchObject({ object: "event", type: id.slice("stripe.".length) });
    }
  });

  it("offers a polling type for each list operation of any app, its config being the operation's input without paging", async () => {
    const gmail = await types("gmail");
    const messages = gmail.find((t) => t.id === "gmail.new_item.users_messages_list");
    expect(messages).toMatchObject({ app: "gmail", delivery: "polling", name: expect.stringMatching(/^New item in /) });
    expect(messages!.configSchema.properties).toHaveProperty("userId");
    expect(messages!.configSchema.properties).not.toHaveProperty("pageToken");
    expect(messages!.configSchema.properties).not.toHaveProperty("maxResults");
    expect(gmail.every((t) => t.delivery === "polling")).toBe(true);
    expect(new Set(gmail.map((t) => t.id)).size).toBe(gmail.length);
  });

  it("refuses to create a polling trigger whose config misses a required input", async () => {
    const res = await server.call("POST", "/api/v1/triggers", { key, body: { type: "gmail.new_item.users_messages_list", config: {}, webhookUrl: "https://example.com/hook" } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("config.userId is required");
  });
});
