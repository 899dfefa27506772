/**
 * Sign-in throttling per client address, over HTTP behind a trusted proxy (PATCHBAY_TRUST_PROXY: the address is the
 * X-Forwarded-For one), so that one test presents several addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { createAccount } from "../../src/domain/accounts.js";
import { THROTTLE } from "../../src/domain/sessions-throttle.js";
import { formClient } from "./support/form-client.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PATCHBAY_TRUST_PROXY: "true", PATCHBAY_RATE_LIMIT_PER_MINUTE: "100000" });
}, 60_000);
afterAll(() => server?.stop());

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe("sign-in throttling per address", () => {
  it(`refuses every sign-in from an address after ${THROTTLE.perAddress} failures there, even the right password of another account; other addresses are not affected`, async () => {
    const email = unique("victim");
    await createAccount(server.service.services.db, email, "the real password");
    const attacker = formClient(server.url, { accept: "application/json", address: "203.0.113.7" });
    // Spread over many e-mail addresses, so that no account reaches its own limit.
    for (let i = 0; i < THROTTLE.perAddress; i++) {
      const res = await attacker.submit("/sign-in", "/sign-in", { email: unique(`guess${i}`), password: "not the password" });
      expect(res.status).toBe(401);
    }
    const blocked = await attacker.submit("/sign-in", "/sign-in", { email, password: "the real password" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.json.error.message).toMatch(/Too many failed sign-ins from your network\. Wait \d+ minutes? and try again/);
    // A browser there sees the sign-in page again with that message.
    const page = await formClient(server.url, { address: "203.0.113.7" }).submit("/sign-in", "/sign-in", { email, password: "the real password" });
    expect(page.status).toBe(429);
    expect(page.text).toMatch(/role="alert"[^>]*>Too many failed sign-ins from your network/);

    const elsewhere = formClient(server.url, { accept: "application/json", address: "198.51.100.20" });
    const ok = await elsewhere.submit("/sign-in", "/sign-in", { email, password: "the real password" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/developer");
  }, 60_000);

  it(`throttles probing with sign-ups of a taken e-mail: after ${THROTTLE.perAccount} conflicts, 429 for that e-mail from any address`, async () => {
    const taken = unique("taken");
    await createAccount(server.service.services.db, taken, "the real password");
    const prober = formClient(server.url, { accept: "application/json", address: "192.0.2.55" });
    for (let i = 0; i < THROTTLE.perAccount; i++) expect((await prober.submit("/sign-up", "/sign-up", { email: taken, password: "another password" })).status).toBe(409);
    const again = await formClient(server.url, { accept: "application/json", address: "192.0.2.99" }).submit("/sign-up", "/sign-up", { email: taken, password: "another password" });
    expect(again.status).toBe(429);
    expect(again.json.error.message).toMatch(/for this e-mail address/);
    // The prober's address is still under its own limit: a fresh e-mail signs up.
    expect((await prober.submit("/sign-up", "/sign-up", { email: unique("fresh"), password: "another password" })).status).toBe(303);
  }, 60_000);
});
