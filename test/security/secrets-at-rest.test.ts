/**
 * What the database holds after real flows: no secret in clear, in any common encoding. Searched: the SQLite file
 * and its write-ahead log byte for byte, or every row of every PostgreSQL table of the server's schema. Covered:
 * inbound webhook tokens (a fingerprint and a sealed copy), a token an app answered a tool run with (the result
 * sealed for the replay window only, the summary redacted), secrets in run arguments, OAuth tokens, API keys; and
 * rows that an earlier version stored in clear, protected at the next start.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshDatabase, startTestServer, type TestServer } from "../helpers/server.js";
import { githubStandIn } from "../helpers/github-stand-in.js";
import { toolByHttp } from "../helpers/tools.js";
import { followRedirects } from "../fixtures/providers/index.js";
import { pruneReplays } from "../../src/domain/runs.js";
import { occurrences, storedText } from "./support/database.js";

const ENV = { PATCHBAY_ALLOW_PRIVATE_NETWORK: "true", LOG_LEVEL: "debug" };
const logs: string[] = [];
const logStream = () => new Writable({ write: (chunk, _enc, done) => (logs.push(String(chunk)), done()) });
const random = (prefix: string) => prefix + randomBytes(18).toString("hex");

let dataDir: string;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: TestServer;
let gh: Awaited<ReturnType<typeof githubStandIn>>;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
/** Every secret the flows below handed to the server. */
const secrets: string[] = [];

/** Stops the server and starts it again on the same data dir and database (same server secret). */
async function restart() {
  await server.stop();
  server = await startTestServer(ENV, { dataDir, databaseUrl: database.url }, { logStream: logStream() });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "patchbay-at-rest-"));
  database = await freshDatabase(dataDir);
  server = await startTestServer(ENV, { dataDir, databaseUrl: database.url }, { logStream: logStream() });
  account = await server.newAccount();
  secrets.push(account.key);
  gh = await githubStandIn(server);
  const link = await server.call("POST", "/api/v1/apps/github/connect", { key: account.key, body: {} });
  secrets.push(new URL(link.body.url).pathname.slice("/connect/".length));
  expect((await followRedirects(link.body.url)).hops.at(-1)!.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await gh?.stop();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const run = (tool: string, args: Record<string, unknown>, idempotencyKey?: string) =>
  server.call("POST", `/api/v1/tools/${tool}/run`, { key: account.key, body: { arguments: args }, ...(idempotencyKey ? { headers: { "idempotency-key": idempotencyKey } } : {}) });

const INSTALLATION_TOKEN = "POST /app/installations/{installation_id}/access_tokens";

/** The GitHub stand-in answers an installation token request with fresh secrets, in several shapes. */
function answerWithTokens() {
  const answer = {
    installation: random("ghs_"),
    opaque: random("v1."),
    clientSecret: random("cs_"),
    inText: random(""),
  };
  gh.github.setResponse(INSTALLATION_TOKEN, {
    status: 201,
    body: {
      token: answer.installation,
      expires_at: "2030-01-01T00:00:00Z",
      permissions: { contents: "read" },
      extra: { access_token: answer.opaque, nested: [{ client_secret: answer.clientSecret }] },
      note: `use it as Authorization: Bearer ${answer.inText}`,
    },
  });
  secrets.push(...Object.values(answer));
  return answer;
}

describe("secrets at rest", () => {
  it("keeps no inbound webhook token: the URL works and is listed again, from a fingerprint and a sealed copy", async () => {
    const created = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { source: "webhook", name: "at rest" } });
    const inboundUrl: string = created.body.trigger.inboundUrl;
    secrets.push(inboundUrl.split("/hooks/")[1]!);
    expect((await fetch(inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(202);
    const wrong = inboundUrl.slice(0, -1) + (inboundUrl.endsWith("a") ? "b" : "a");
    expect((await fetch(wrong, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(404);
    const listed = await server.call("GET", "/api/v1/triggers", { key: account.key });
    expect(listed.body.find((t: { id: string }) => t.id === created.body.trigger.id).inboundUrl).toBe(inboundUrl);
    const row = await server.service.services.db.trigger.findUniqueOrThrow({ where: { id: created.body.trigger.id } });
    expect(row.inboundToken).toBeNull();
    expect(row.inboundFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(occurrences(await storedText(server), secrets)).toEqual([]);
  });

  it("gives the caller the token an app answered with, and keeps it nowhere: no result without a key, a redacted summary", async () => {
    const tool = toolByHttp(server.service.services.catalog, "github", "POST", "/app/installations/{installation_id}/access_tokens").name;
    const answer = answerWithTokens();
    const res = await run(tool, { installation_id: 42 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: true, status: 201, data: { token: answer.installation } });
    const row = await server.service.services.db.run.findUniqueOrThrow({ where: { id: res.body.runId } });
    expect(row).toMatchObject({ result: null, resultSealed: null, status: "succeeded" });
    const summary = JSON.parse(row.summary!);
    expect(summary.result).toMatchObject({ successful: true, status: 201, data: { token: "[REDACTED]", extra: { access_token: "[REDACTED]" }, permissions: { contents: "read" } } });
    expect(summary.result.data.note).toBe("use it as Authorization: Bearer [REDACTED]");
    expect(occurrences(await storedText(server), secrets)).toEqual([]);
  });

  it("replays a keyed run from its sealed result, with the token, and keeps the token out of the database", async () => {
    const tool = toolByHttp(server.service.services.catalog, "github", "POST", "/app/installations/{installation_id}/access_tokens").name;
    const answer = answerWithTokens();
    const first = await run(tool, { installation_id: 43 }, "install-43");
    answerWithTokens(); // a second call to GitHub would get other tokens
    const again = await run(tool, { installation_id: 43 }, "install-43");
    expect(again.body).toEqual({ ...first.body, replayed: true });
    expect(again.body.data.token).toBe(answer.installation);
    const row = await server.service.services.db.run.findUniqueOrThrow({ where: { id: first.body.runId } });
    expect(row.resultSealed).toMatch(/^v1\./);
    expect(occurrences(await storedText(server), secrets)).toEqual([]);
  });

  it("redacts secrets in the arguments it logs: by field name and by token shape", async () => {
    const hookSecret = random("");
    const pat = random("ghp_");
    secrets.push(hookSecret, pat);
    const hook = toolByHttp(server.service.services.catalog, "github", "POST", "/repos/{owner}/{repo}/hooks").name;
    const issue = toolByHttp(server.service.services.catalog, "github", "POST", "/repos/{owner}/{repo}/issues").name;
    expect((await run(hook, { owner: "octo", repo: "hello", config: { url: "https://example.com/hook", secret: hookSecret } })).status).toBe(200);
    expect((await run(issue, { owner: "octo", repo: "hello", title: "Leaked", body: `my token is ${pat}, please rotate` })).status).toBe(200);
    const runs = (await server.call("GET", "/api/v1/runs?limit=2", { key: account.key })).body;
    expect(runs[1].arguments.config).toEqual({ url: "https://example.com/hook", secret: "[REDACTED]" });
    expect(runs[0].arguments.body).toBe("my token is [REDACTED], please rotate");
    expect(occurrences(await storedText(server), secrets)).toEqual([]);
  });

  it("keeps a keyed result 24 hours only: after that the key starts a new run, and pruning forgets old keys", async () => {
    const tool = toolByHttp(server.service.services.catalog, "github", "POST", "/app/installations/{installation_id}/access_tokens").name;
    const db = server.service.services.db;
    answerWithTokens();
    const first = await run(tool, { installation_id: 44 }, "install-44");
    const dayAgo = new Date(Date.now() - 24 * 3600_000 - 1000);
    await db.run.update({ where: { id: first.body.runId }, data: { createdAt: dayAgo } });
    const calls = gh.github.requests.length;
    const later = await run(tool, { installation_id: 44 }, "install-44");
    expect(later.body).toMatchObject({ replayed: false, successful: true });
    expect(later.body.runId).not.toBe(first.body.runId);
    expect(gh.github.requests.length).toBe(calls + 1);
    expect(await db.run.findUniqueOrThrow({ where: { id: first.body.runId } })).toMatchObject({ idempotencyKey: null, resultSealed: null, inputHash: null });

    await db.run.update({ where: { id: later.body.runId }, data: { createdAt: dayAgo } });
    const recent = await run(tool, { installation_id: 45 }, "install-45");
    expect(await pruneReplays(db)).toBe(1);
    expect(await db.run.findUniqueOrThrow({ where: { id: later.body.runId } })).toMatchObject({ idempotencyKey: null, resultSealed: null });
    expect((await db.run.findUniqueOrThrow({ where: { id: recent.body.runId } })).resultSealed).toMatch(/^v1\./);
  });

  it("protects, at the next start, what an earlier version stored in clear: inbound tokens and run results", async () => {
    const db = server.service.services.db;
    // A trigger and a keyed run as the earlier version stored them.
    const created = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { source: "webhook", name: "legacy" } });
    const token = (created.body.trigger.inboundUrl as string).split("/hooks/")[1]!;
    await db.trigger.update({ where: { id: created.body.trigger.id }, data: { inboundToken: token, inboundFingerprint: null, inboundTokenSealed: null } });
    const tool = toolByHttp(server.service.services.catalog, "github", "POST", "/app/installations/{installation_id}/access_tokens").name;
    const answer = answerWithTokens();
    const first = await run(tool, { installation_id: 46 }, "install-46");
    const legacyHash = createHash("sha256").update(JSON.stringify([tool, { installation_id: 46 }, null])).digest("hex");
    await db.run.update({ where: { id: first.body.runId }, data: { result: JSON.stringify({ result: first.body }), resultSealed: null, summary: null, inputHash: legacyHash } });
    expect(occurrences(await storedText(server), [token, answer.installation]).length).toBeGreaterThan(0); // the test can see them

    await restart();
    const trigger = await server.service.services.db.trigger.findUniqueOrThrow({ where: { id: created.body.trigger.id } });
    expect(trigger).toMatchObject({ inboundToken: null, inboundFingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const inboundUrl = `${server.service.services.config.baseUrl}/hooks/${token}`;
    expect((await fetch(inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(202);
    const listed = await server.call("GET", "/api/v1/triggers", { key: account.key });
    expect(listed.body.find((t: { id: string }) => t.id === created.body.trigger.id).inboundUrl).toBe(inboundUrl);

    const row = await server.service.services.db.run.findUniqueOrThrow({ where: { id: first.body.runId } });
    expect(row).toMatchObject({ result: null, resultSealed: expect.stringMatching(/^v1\./) });
    expect(JSON.parse(row.summary!).result.data.token).toBe("[REDACTED]");
    const replay = await run(tool, { installation_id: 46 }, "install-46");
    expect(replay.body).toEqual({ ...first.body, replayed: true });

    expect(occurrences(await storedText(server), secrets)).toEqual([]);
  });

  it("bounds what the run log keeps to 4 kB: a large answer and large arguments are cut, and say so", async () => {
    const issue = toolByHttp(server.service.services.catalog, "github", "POST", "/repos/{owner}/{repo}/issues");
    gh.github.setResponse("POST /repos/{owner}/{repo}/issues", { status: 201, body: { id: 1, body: "x".repeat(100_000) } });
    const res = await run(issue.name, { owner: "octo", repo: "hello", title: "Big", body: "y".repeat(50_000) });
    expect(res.body.data.body).toHaveLength(100_000);
    const row = await server.service.services.db.run.findUniqueOrThrow({ where: { id: res.body.runId } });
    for (const text of [row.summary!, row.arguments]) {
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4096);
      expect(JSON.parse(text)).toMatchObject({ truncated: true, preview: expect.any(String) });
    }
    gh.github.setResponse("POST /repos/{owner}/{repo}/issues", null);
  });

  it("never stores the OAuth tokens of a connection in clear", async () => {
    const tokens = [...gh.oauth.issued.accessTokens, ...gh.oauth.issued.refreshTokens, ...gh.oauth.issued.codes].map((t) => ("value" in t ? t.value : t.code));
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    expect(occurrences(await storedText(server), [...tokens, gh.clientSecret])).toEqual([]);
  });

  it("logs none of the secrets of the flows above", async () => {
    const tokens = [...gh.oauth.issued.accessTokens, ...gh.oauth.issued.refreshTokens, ...gh.oauth.issued.codes].map((t) => ("value" in t ? t.value : t.code));
    const text = logs.join("");
    expect(text).toContain('"msg":"request"');
    expect(occurrences(text, [...secrets, ...tokens, gh.clientSecret])).toEqual([]);
  });
});
