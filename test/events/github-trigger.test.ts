/**
 * Typed GitHub triggers end to end, against an OAuth server and a GitHub stand-in that follows GitHub's published
 * description: the repo webhook is registered through the account's connection with its own secret, a push signed
 * the way GitHub signs is accepted and delivered, a bad signature is refused, and deleting removes the hook.
 * Then a polling trigger over a list operation reports a new item once and only once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { followRedirects, type ApiStandIn, type OAuthServer } from "../fixtures/providers/index.js";
import { githubStandIn } from "../helpers/github-stand-in.js";
import { startReceiver, type Receiver } from "./support/receiver.js";
import { sleep, waitFor } from "./support/wait-for.js";

let server: TestServer;
let oauth: OAuthServer;
let github: ApiStandIn;
let to: Receiver;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;

beforeAll(async () => {
  server = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true", PATCHBAY_POLL_INTERVAL_SECONDS: "0.3", PATCHBAY_DELIVERY_RETRY_DELAYS: "0.2,0.2", PATCHBAY_RATE_LIMIT_PER_MINUTE: "100000" });
  ({ oauth, github } = await githubStandIn(server, { scopes: ["repo", "admin:repo_hook"] }));
  account = await server.newAccount();
  const link = await server.call("POST", "/api/v1/apps/github/connect", { key: account.key, body: {} });
  expect((await followRedirects(link.body.url)).hops.at(-1)!.status).toBe(200);
  to = await startReceiver();
});
afterAll(async () => {
  await server?.stop();
  await github?.stop();
  await oauth?.stop();
  await to?.stop();
});

const githubSignature = (secret: string, body: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
const pushTo = (url: string, body: string, headers: Record<string, string>) => fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-github-event": "push", ...headers }, body });

describe("GitHub trigger types", () => {
  it("lists push, issue opened and pull request opened, each with a config schema and an example payload", async () => {
    const res = await server.call("GET", "/api/v1/triggers/types?app=github", { key: account.key });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.triggers.map((t: { id: string }) => [t.id, t]));
    for (const id of ["github.push", "github.issues.opened", "github.pull_request.opened"]) {
      expect(byId.get(id)).toMatchObject({ app: "github", delivery: "webhook", configSchema: { type: "object", required: ["owner", "repo"] }, examplePayload: expect.any(Object) });
    }
    expect(byId.get("github.new_item.issues_list_for_repo")).toMatchObject({ delivery: "polling", configSchema: { required: ["owner", "repo"] } });
  });
});

describe("a typed GitHub push trigger", () => {
  let trigger: { id: string; inboundUrl: string; config: Record<string, unknown> };
  let hookSecret: string;
  let hookId: unknown;

  it("refuses a config that does not fit the type's schema, an unknown type, and an account without a GitHub connection", async () => {
    const bad = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { type: "github.push", config: { owner: "octo" }, webhookUrl: to.url } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("config.repo is required");
    const extra = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { type: "github.push", config: { owner: "octo", repo: "hello", colour: "red" } , webhookUrl: to.url } });
    expect(extra.body.error.message).toContain("config.colour is not a known field");
    const unknown = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { type: "github.star_gazed", webhookUrl: to.url } });
    expect(unknown.status).toBe(404);
    const stranger = await server.newAccount();
    const unconnected = await server.call("POST", "/api/v1/triggers", { key: stranger.key, body: { type: "github.push", config: { owner: "octo", repo: "hello" }, webhookUrl: to.url } });
    expect(unconnected.status).toBe(409);
    expect(unconnected.body.error.code).toBe("app_not_connected");
    expect((await server.call("GET", "/api/v1/triggers", { key: account.key })).body).toEqual([]);
  });

  it("registers a repository webhook with its own secret through the account's connection", async () => {
    const res = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { type: "github.push", config: { owner: "octo", repo: "hello" }, webhookUrl: to.url } });
    expect(res.status).toBe(201);
    trigger = res.body.trigger;
    expect(trigger).toMatchObject({ kind: "typed", type: "github.push", app: "github", name: "New push (octo/hello)", config: { owner: "octo", repo: "hello" }, status: "active" });
    const connections = (await server.call("GET", "/api/v1/connections?app=github", { key: account.key })).body;
    expect(res.body.trigger.connection).toBe(connections[0].id);
    const registration = github.requests.find((r) => r.method === "POST" && r.path === "/repos/octo/hello/hooks")!;
    expect(registration.status).toBe(201);
    const body = registration.body as { events: string[]; config: { url: string; secret: string; content_type: string } };
    expect(body.events).toEqual(["push"]);
    expect(body.config).toMatchObject({ url: trigger.inboundUrl, content_type: "json" });
    expect(body.config.secret).toMatch(/^[0-9A-Za-z]{40}$/);
    expect(body.config.secret).not.toBe(res.body.signingSecret);
    hookSecret = body.config.secret;
    hookId = (await server.service.services.db.trigger.findUnique({ where: { id: trigger.id } }))!.registration;
    expect(JSON.stringify(await server.service.services.db.trigger.findMany())).not.toContain(hookSecret);
  });

  it("refuses a push whose X-Hub-Signature-256 does not match, storing nothing", async () => {
    const body = JSON.stringify({ ref: "refs/heads/main", commits: [] });
    const forged = await pushTo(trigger.inboundUrl, body, { "x-hub-signature-256": githubSignature("not-the-secret", body) });
    expect(forged.status).toBe(401);
    expect((await forged.json()).error.code).toBe("unauthorized");
    expect((await pushTo(trigger.inboundUrl, body, {})).status).toBe(401);
    expect((await server.call("GET", `/api/v1/events?trigger=${trigger.id}`, { key: account.key })).body).toEqual([]);
  });

  it("accepts GitHub's ping without making it an event", async () => {
    const body = JSON.stringify({ zen: "Keep it logically awesome.", hook_id: 1 });
    const ping = await pushTo(trigger.inboundUrl, body, { "x-github-event": "ping", "x-hub-signature-256": githubSignature(hookSecret, body) });
    expect(ping.status).toBe(200);
    expect((await server.call("GET", `/api/v1/events?trigger=${trigger.id}`, { key: account.key })).body).toEqual([]);
  });

  it("accepts a signed push, stores it and delivers it to the webhookUrl", async () => {
    const push = { ref: "refs/heads/main", after: "0d1a26e6", repository: { full_name: "octo/hello" }, commits: [{ id: "0d1a26e6", message: "Fix the README" }] };
    const body = JSON.stringify(push);
    const res = await pushTo(trigger.inboundUrl, body, { "x-hub-signature-256": githubSignature(hookSecret, body), "x-github-delivery": "72d3162e" });
    expect(res.status).toBe(202);
    const got = await waitFor(() => to.requests.find((r) => r.json?.trigger === trigger.id), "the delivery");
    expect(got.json).toMatchObject({ type: "github.push", app: "github", trigger: trigger.id, payload: push });
    const latest = await waitFor(async () => {
      const [e] = (await server.call("GET", `/api/v1/events?trigger=${trigger.id}`, { key: account.key })).body;
      return e?.delivery.status === "delivered" ? e : null;
    }, "the delivery outcome");
    expect(latest).toMatchObject({ type: "github.push", payload: push, delivery: { attempts: [{ number: 1, status: 200 }] } });
  });

  it("removes the repository webhook when the trigger is deleted", async () => {
    const { hookId: id } = JSON.parse(String(hookId));
    const res = await server.call("DELETE", `/api/v1/triggers/${trigger.id}`, { key: account.key });
    expect(res.status).toBe(200);
    const removal = github.requests.find((r) => r.method === "DELETE" && r.path === `/repos/octo/hello/hooks/${id}`);
    expect(removal?.status).toBe(204);
    const body = JSON.stringify({ ref: "refs/heads/main" });
    expect((await pushTo(trigger.inboundUrl, body, { "x-hub-signature-256": githubSignature(hookSecret, body) })).status).toBe(404);
  });

  it("answers 502 and keeps nothing when GitHub refuses the registration", async () => {
    github.failNext(404, { body: { message: "Not Found" } });
    const res = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { type: "github.issues.opened", config: { owner: "octo", repo: "missing" }, webhookUrl: to.url } });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: "upstream_error", upstreamStatus: 404 });
    expect(res.body.error.message).toContain("Not Found");
    expect((await server.call("GET", "/api/v1/triggers", { key: account.key })).body).toEqual([]);
  });
});

describe("a polling trigger", () => {
  const LIST = "GET /repos/{owner}/{repo}/issues";
  const issue = (id: number) => ({ id, number: id, title: `Issue ${id}`, state: "open" });

  it("reports an item that appears after the trigger was made once and only once", async () => {
    let items = [issue(2), issue(1)];
    github.setResponse(LIST, () => ({ status: 200, body: items }));
    const res = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { type: "github.new_item.issues_list_for_repo", config: { owner: "octo", repo: "hello", state: "open" }, webhookUrl: to.url } });
    expect(res.status).toBe(201);
    const { id } = res.body.trigger;
    expect(res.body.trigger).toMatchObject({ type: "github.new_item.issues_list_for_repo", inboundUrl: null });
    const lists = () => github.requests.filter((r) => r.operationKey === LIST && r.path === "/repos/octo/hello/issues").length;
    await waitFor(() => lists() >= 3, "a few polls");
    expect((await server.call("GET", `/api/v1/events?trigger=${id}`, { key: account.key })).body).toEqual([]);

    items = [issue(3), issue(2), issue(1)];
    const seen = await waitFor(async () => (await server.call("GET", `/api/v1/events?trigger=${id}`, { key: account.key })).body[0], "the new item's event");
    expect(seen).toMatchObject({ type: "github.new_item.issues_list_for_repo", payload: issue(3) });
    const before = lists();
    await waitFor(() => lists() >= before + 4, "more polls");
    items = [issue(2), issue(3), issue(1)]; // reordered, nothing new
    await sleep(700);
    const all = (await server.call("GET", `/api/v1/events?trigger=${id}`, { key: account.key })).body;
    expect(all).toHaveLength(1);
    await waitFor(() => to.requests.filter((r) => r.json?.trigger === id).length === 1, "the delivery");
    expect(github.requests.filter((r) => r.operationKey === LIST).every((r) => r.query.state === "open")).toBe(true);
    await server.call("DELETE", `/api/v1/triggers/${id}`, { key: account.key });
    const stopped = lists();
    await sleep(700);
    expect(lists()).toBe(stopped);
  });
});
