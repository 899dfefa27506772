import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { newId } from "../../src/crypto/random.js";

let server: TestServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
beforeAll(async () => {
  server = await startTestServer();
  account = await server.newAccount();
});
afterAll(() => server?.stop());

describe("GET /catalog", () => {
  it("lists apps without a key, a page at a time, with a next cursor", async () => {
    const first = await server.call("GET", "/api/v1/catalog?limit=3", { key: null });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(3);
    const cursor = first.headers.get("patchbay-next-cursor");
    expect(cursor).toBeTruthy();
    expect(first.headers.get("link")).toContain('rel="next"');
    const second = await server.call("GET", `/api/v1/catalog?limit=3&cursor=${encodeURIComponent(cursor!)}`, { key: null });
    expect(second.status).toBe(200);
    const ids = [...first.body, ...second.body].map((a: { id: string }) => a.id);
    expect(new Set(ids).size).toBe(6);
  });

  it("filters by search text", async () => {
    const res = await server.call("GET", "/api/v1/catalog?search=github&limit=5", { key: null });
    expect(res.body.map((a: { id: string }) => a.id)).toContain("github");
  });

  it("answers 400 to a cursor it did not make", async () => {
    const res = await server.call("GET", "/api/v1/catalog?cursor=not-a-cursor", { key: null });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/cursor/);
  });
});

describe("GET /apps and /apps/{app}", () => {
  it("gives each app the account's connection status", async () => {
    const res = await server.call("GET", "/api/v1/apps?search=github&limit=5", { key: account.key });
    const github = res.body.find((a: { id: string }) => a.id === "github");
    expect(github).toMatchObject({ connectionStatus: "not_connected", connectionCount: 0 });
  });

  it("shows an app as connected once the account has an active connection, and only for that account", async () => {
    await server.service.services.db.connection.create({
      data: { id: newId("conn"), accountId: account.accountId, appId: "github", status: "active", authType: "oauth2", credentialsSealed: server.service.services.secrets.seal("{}") },
    });
    const mine = await server.call("GET", "/api/v1/apps/github", { key: account.key });
    expect(mine.body).toMatchObject({ id: "github", connectionStatus: "connected", connectionCount: 1 });
    const other = await server.newAccount();
    const theirs = await server.call("GET", "/api/v1/apps/github", { key: other.key });
    expect(theirs.body.connectionStatus).toBe("not_connected");
  });

  it("describes an app with its ways to sign in", async () => {
    const res = await server.call("GET", "/api/v1/apps/github", { key: account.key });
    expect(res.status).toBe(200);
    expect(res.body.baseUrl).toMatch(/^https:\/\//);
    expect(res.body.auth.length).toBeGreaterThan(0);
    expect(res.body.toolCount).toBeGreaterThan(100);
  });
});
