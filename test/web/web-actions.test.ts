/** The web pages' actions over plain HTTP: CSRF, sessions, throttling, no account enumeration, keys. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { createAccount } from "../../src/domain/accounts.js";
import { formClient } from "./support/form-client.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.stop());

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signedUp(accept = "application/json") {
  const web = formClient(server.url, { accept });
  const email = unique("web");
  const res = await web.submit("/sign-up", "/sign-up", { email, password: "correct horse battery" });
  expect(res.status).toBe(303);
  return { web, email };
}

describe("CSRF", () => {
  it("refuses a sign-in whose csrf field is missing or does not match the cookie's", async () => {
    const web = formClient(server.url, { accept: "application/json" });
    await web.get("/sign-in");
    const missing = await web.post("/sign-in", { email: "a@example.com", password: "whatever1" });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toMatch(/Reload the page/);
    const forged = await web.post("/sign-in", { csrf: "f".repeat(64), email: "a@example.com", password: "whatever1" });
    expect(forged.status).toBe(400);
  });

  it("refuses a signed-in action with another session's token, and one posted from another origin", async () => {
    const a = await signedUp();
    const b = await signedUp();
    const tokenOfB = b.web.csrfOf(await b.web.get("/developer"));
    const crossed = await a.web.post("/developer/keys", { csrf: tokenOfB, project: "x", permissions: "read" });
    expect(crossed.status).toBe(400);
    const ownToken = a.web.csrfOf(await a.web.get("/developer"));
    const foreign = await a.web.post("/developer/keys", { csrf: ownToken, project: "x", permissions: "read" }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.message).toMatch(/evil\.example/);
  });

  it("refuses a form sent as JSON with 415", async () => {
    const { web } = await signedUp();
    const res = await fetch(`${server.url}/developer/keys`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json", cookie: [...web.jar].map(([k, v]) => `${k}=${v}`).join("; ") }, body: "{}" });
    expect(res.status).toBe(415);
  });
});

describe("sessions", () => {
  it("answers 401 to an action without a session, and sends a browser to the sign-in page", async () => {
    const api = formClient(server.url, { accept: "application/json" });
    expect((await api.post("/developer/keys", { csrf: "x", project: "p", permissions: "read" })).status).toBe(401);
    const browser = formClient(server.url);
    const res = await browser.post("/developer/keys", { csrf: "x", project: "p", permissions: "read" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/sign-in?reason=session");
  });

  it("sets the session cookie HttpOnly and SameSite=Lax, and a new one at every sign-in", async () => {
    const email = unique("rotate");
    await createAccount(server.service.services.db, email, "long enough pw");
    const web = formClient(server.url, { accept: "application/json" });
    const first = await web.submit("/sign-in", "/sign-in", { email, password: "long enough pw" });
    expect(first.status).toBe(303);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith("patchbay_session="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // plain http here; Secure is added over https
    const firstToken = web.jar.get("patchbay_session");
    // Signing in again (from the signed-in browser, by posting the form) rotates the session.
    const again = await web.post("/sign-in", { csrf: web.csrfOf(await formClient(server.url).get("/sign-in")), email, password: "long enough pw" });
    expect(again.status).toBe(400); // a token of another browser's pre-session cookie is refused
    web.jar.delete("patchbay_session");
    const second = await web.submit("/sign-in", "/sign-in", { email, password: "long enough pw" });
    expect(second.status).toBe(303);
    expect(web.jar.get("patchbay_session")).not.toBe(firstToken);
  });

  it("revokes the session at sign-out: the old cookie no longer opens a page or an action", async () => {
    const { web } = await signedUp();
    const stolen = web.jar.get("patchbay_session")!;
    const csrf = web.csrfOf(await web.get("/developer"));
    const out = await web.post("/sign-out", { csrf });
    expect(out.status).toBe(303);
    const replay = formClient(server.url, { accept: "application/json" });
    replay.jar.set("patchbay_session", stolen);
    expect((await replay.get("/developer")).status).toBe(302);
    expect((await replay.post("/developer/keys", { csrf, project: "p", permissions: "read" })).status).toBe(401);
  });
});

describe("sign-in", () => {
  it("gives the same answer for an unknown e-mail and a wrong password (no account enumeration)", async () => {
    const email = unique("known");
    await createAccount(server.service.services.db, email, "the right password");
    const unknown = await formClient(server.url, { accept: "application/json", address: "10.0.0.1" }).submit("/sign-in", "/sign-in", { email: unique("nobody"), password: "the right password" });
    const wrong = await formClient(server.url, { accept: "application/json", address: "10.0.0.2" }).submit("/sign-in", "/sign-in", { email, password: "a wrong password" });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.json.error.message).toBe(wrong.json.error.message);
  });

  it("throttles an account after 5 failed sign-ins: 429 with Retry-After, even for the right password, with a message saying when to retry", async () => {
    const email = unique("throttled");
    await createAccount(server.service.services.db, email, "the real password");
    const web = formClient(server.url, { accept: "application/json" });
    for (let i = 0; i < 5; i++) expect((await web.submit("/sign-in", "/sign-in", { email, password: `guess number ${i}` })).status).toBe(401);
    const blocked = await web.submit("/sign-in", "/sign-in", { email, password: "the real password" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.json.error.message).toMatch(/Too many failed sign-ins for this e-mail address\. Wait \d+ minutes? and try again/);
    // Another account from the same address is not blocked by this one's failures.
    const other = unique("fine");
    await createAccount(server.service.services.db, other, "the real password");
    expect((await web.submit("/sign-in", "/sign-in", { email: other, password: "the real password" })).status).toBe(303);
  });

  it("shows a browser the sign-in page again with the message, not a JSON body", async () => {
    const browser = formClient(server.url);
    const res = await browser.submit("/sign-in", "/sign-in", { email: unique("nobody"), password: "wrong password" });
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.text).toContain('role="alert"');
    expect(res.text).toMatch(/do not match an account/);
  });

  it("signs in with the password given to `patchbay account create --password` (the same scrypt hash)", async () => {
    const email = unique("cli");
    await createAccount(server.service.services.db, email, "cli password 1");
    const res = await formClient(server.url, { accept: "application/json" }).submit("/sign-in", "/sign-in", { email, password: "cli password 1" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/developer");
  });
});

describe("keys on the developer page", () => {
  it("creates a key that works over REST, refuses a second key for the project, and revokes it (401 on the next request)", async () => {
    const { web } = await signedUp();
    const created = await web.submit("/developer", "/developer/keys", { project: "agent-one", permissions: ["read", "run"] });
    expect(created.status).toBe(201);
    expect(created.json.apiKey.permissions).toEqual(["read", "run"]);
    const key = created.json.key as string;
    expect((await server.call("GET", "/api/v1/me", { key })).status).toBe(200);
    const second = await web.submit("/developer", "/developer/keys", { project: "Agent-One", permissions: "read" });
    expect(second.status).toBe(409);
    expect(second.json.error.message).toMatch(/revoke that one first/);
    const revoked = await web.submit("/developer", `/developer/keys/${created.json.apiKey.id}/revoke`, {});
    expect(revoked.status).toBe(303);
    expect((await server.call("GET", "/api/v1/me", { key })).status).toBe(401);
  });

  it("answers 404 to revoking another account's key", async () => {
    const other = await server.newAccount();
    const { web } = await signedUp();
    const res = await web.submit("/developer", `/developer/keys/${other.keyId}/revoke`, {});
    expect(res.status).toBe(404);
    expect((await server.call("GET", "/api/v1/me", { key: other.key })).status).toBe(200);
  });

  it("names the field when a permission is unknown", async () => {
    const { web } = await signedUp();
    const res = await web.submit("/developer", "/developer/keys", { project: "p", permissions: "admin" });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/permissions/);
  });
});
