/**
 * The SSRF table through the doors whose address comes from the catalog or the provider rather than the caller: an
 * app's published base URL (every app call: proxy, tool runs, polling, webhook registration), the identity probe of a
 * new credential, and the OAuth token endpoint. Each spelling is used as that address with
 * PATCHBAY_ALLOW_PRIVATE_NETWORK unset and no operator setting; a receiver listening on loopback (both stacks) on
 * the spelling's port must see nothing, and each call must be refused with the guard's reason.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { ApiError } from "../../src/errors.js";
import { sendWithCredentials } from "../../src/calls/call-app.js";
import { probeCredentials } from "../../src/connect/probe.js";
import { tokenRequest, TokenRequestError } from "../../src/connect/oauth/token-request.js";
import { assertReachable, effectiveApp, type EffectiveApp } from "../../src/domain/app-settings.js";
import { ssrfSpellings, type Spelling } from "./ssrf-spellings.js";

let server: TestServer;
let receiver: http.Server;
let port: number;
const hits: string[] = [];
let spellings: Spelling[];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    res.writeHead(200, { "content-type": "application/json" }).end('{"access_token":"leaked","login":"internal"}');
  });
  await new Promise<void>((resolve) => receiver.listen(0, "::", () => resolve()));
  port = (receiver.address() as AddressInfo).port;
  server = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "false", PATCHBAY_UPSTREAM_TIMEOUT_MS: "2000" });
  // URL tricks whose host is not a valid base URL (a tab, a backslash) cannot be an app's address: keep those that parse.
  spellings = ssrfSpellings(port, "/api").filter((s) => URL.canParse(s.url));
});
afterAll(async () => {
  await server?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** GitHub as the catalog describes it, but published at `baseUrl` (as a catalog entry with an internal address is). */
async function appAt(baseUrl: string, tokenUrl?: string): Promise<EffectiveApp> {
  const services = server.service.services;
  const eff = await effectiveApp(services.db, services.secrets, services.catalog.getApp("github")!);
  const auth = eff.auth.map((m) => (m.type === "oauth2" && tokenUrl ? { ...m, tokenUrl } : m));
  return { ...eff, baseUrl, auth, oauthClient: { clientId: "id", clientSecret: "secret" } };
}

function report(door: string, outcomes: { spelling: Spelling; refused: boolean; detail: string }[]) {
  const refused = outcomes.filter((o) => o.refused).length;
  console.log(`SSRF: ${refused} spellings refused / ${outcomes.length} tried (door: ${door})`);
  for (const o of outcomes.filter((x) => !x.refused)) console.log(`  NOT REFUSED ${o.spelling.name.padEnd(44)} ${o.detail}`);
}

describe("SSRF table through the catalog and provider doors", () => {
  it("has at least 40 spellings that make a valid base URL", () => {
    expect(spellings.length).toBeGreaterThanOrEqual(40);
  });

  it("door app call (an app's published base URL): every spelling refused, loopback never reached", async () => {
    const services = server.service.services;
    const outcomes = [];
    for (const spelling of spellings) {
      const eff = await appAt(spelling.url.replace(/\/api$/, ""));
      let refused = false;
      let detail = "";
      try {
        assertReachable(eff, false);
        const res = await sendWithCredentials(services, eff, { type: "bearer", token: "t" } as never, "bearer", new URL(spelling.url + "/user"), { method: "GET", path: "/user" });
        detail = `answered ${res.status}`;
      } catch (err) {
        refused = err instanceof ApiError && err.code === "app_not_configured";
        detail = (err as Error).message;
      }
      outcomes.push({ spelling, refused, detail });
    }
    report("app call", outcomes);
    expect(outcomes.filter((o) => !o.refused).map((o) => `${o.spelling.name}: ${o.detail}`)).toEqual([]);
    expect(hits).toEqual([]);
  });

  it("door identity probe (checking a new credential): never reaches loopback, never labels a connection from it", async () => {
    const services = server.service.services;
    for (const spelling of spellings) {
      const outcome = await probeCredentials(services, await appAt(spelling.url.replace(/\/api$/, "")), { type: "bearer", token: "t" } as never, "bearer");
      expect(outcome, spelling.name).toEqual({ ok: "unknown" });
    }
    expect(hits).toEqual([]);
  });

  it("door OAuth token endpoint (code exchange and refresh): every spelling refused, loopback never reached", async () => {
    const outcomes = [];
    for (const spelling of spellings) {
      const eff = await appAt("https://api.github.com", spelling.url);
      let refused = false;
      let detail = "";
      try {
        const tokens = await tokenRequest(spelling.url, eff.oauthClient!, { grant_type: "refresh_token", refresh_token: "r" }, { eff, allowPrivateNetwork: false });
        detail = `got a token ${tokens.accessToken}`;
      } catch (err) {
        refused = err instanceof TokenRequestError && /refused to connect/.test(err.message);
        detail = (err as Error).message;
      }
      outcomes.push({ spelling, refused, detail });
    }
    report("OAuth token endpoint", outcomes);
    expect(outcomes.filter((o) => !o.refused).map((o) => `${o.spelling.name}: ${o.detail}`)).toEqual([]);
    expect(hits).toEqual([]);
  });

  it("lets an address the operator set through (the per-app override), and only that host", async () => {
    const services = server.service.services;
    const own = `http://127.0.0.1:${port}`;
    const eff = { ...(await appAt(own)), operatorHosts: new Set([`127.0.0.1:${port}`]) };
    const res = await sendWithCredentials(services, eff, { type: "bearer", token: "t" } as never, "bearer", new URL(`${own}/user`), { method: "GET", path: "/user" });
    expect(res.status).toBe(200);
    expect(hits).toHaveLength(1);
    const other = { ...eff, baseUrl: `http://[::1]:${port}` };
    await expect(sendWithCredentials(services, other, { type: "bearer", token: "t" } as never, "bearer", new URL(`http://[::1]:${port}/user`), { method: "GET", path: "/user" })).rejects.toMatchObject({ code: "app_not_configured" });
    expect(hits).toHaveLength(1);
  });
});
