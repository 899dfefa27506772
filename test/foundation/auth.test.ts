import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { revokeKey } from "../../src/domain/keys.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe("authentication", () => {
  it("rejects a request without a key with 401 and a WWW-Authenticate challenge", async () => {
    const res = await server.call("GET", "/api/v1/me", { key: null });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });

  it("rejects an Authorization header that is not Bearer", async () => {
    const res = await server.call("GET", "/api/v1/me", { key: null, headers: { authorization: "Basic dXNlcjpwYXNz" } });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/Bearer/);
  });

  it("rejects a malformed key", async () => {
    const res = await server.call("GET", "/api/v1/me", { key: "patchbay_sk_short" });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/malformed/);
  });

  it("rejects a well-formed key that is unknown", async () => {
    const res = await server.call("GET", "/api/v1/me", { key: "patchbay_sk_" + "A".repeat(43) });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/not known/);
  });

  it("rejects a revoked key on the very next request", async () => {
    const { key, keyId } = await server.newAccount();
    expect((await server.call("GET", "/api/v1/me", { key })).status).toBe(200);
    await revokeKey(server.service.services.db, keyId);
    const res = await server.call("GET", "/api/v1/me", { key });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/revoked/);
  });

  it("answers GET /me with the account and the key's project and permissions", async () => {
    const { key, keyId, email, accountId } = await server.newAccount();
    const res = await server.call("GET", "/api/v1/me", { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: accountId, email, key: { id: keyId, project: "tests", permissions: ["read", "connect", "run"] } });
    expect(res.body.key.preview).toBe(key.slice(0, 16));
    expect(JSON.stringify(res.body)).not.toContain(key);
  });

  it("records when a key was last used", async () => {
    const { key } = await server.newAccount();
    const res = await server.call("GET", "/api/v1/me", { key });
    expect(Date.parse(res.body.key.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("stores keys only as a keyed fingerprint", async () => {
    const { key, keyId } = await server.newAccount();
    const record = await server.service.services.db.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(JSON.stringify(record)).not.toContain(key.slice(16));
    expect(record.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(record.fingerprint).toBe(server.service.services.secrets.fingerprint(key));
  });
});

describe("permissions", () => {
  it("refuses a key without read on a read operation, naming the permission", async () => {
    const { key } = await server.newAccount({ permissions: ["connect", "run"] });
    const res = await server.call("GET", "/api/v1/apps", { key });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("insufficient_permission");
    expect(res.body.error.message).toContain("'read'");
  });

  it("refuses a key without connect on a connect operation, naming the permission", async () => {
    const { key } = await server.newAccount({ permissions: ["read", "run"] });
    const res = await server.call("POST", "/api/v1/apps/github/connect", { key, body: {} });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain("'connect'");
  });

  it("refuses a key without run on a run operation, naming the permission", async () => {
    const { key } = await server.newAccount({ permissions: ["read", "connect"] });
    const res = await server.call("POST", "/api/v1/tools/GITHUB_GET_THE_AUTHENTICATED_USER/run", { key, body: { arguments: {} } });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain("'run'");
  });

  it("lets a read-only key read", async () => {
    const { key } = await server.newAccount({ permissions: ["read"] });
    expect((await server.call("GET", "/api/v1/apps?limit=1", { key })).status).toBe(200);
  });

  it("needs no key for the public catalog", async () => {
    const res = await server.call("GET", "/api/v1/catalog?limit=2", { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
  });
});
