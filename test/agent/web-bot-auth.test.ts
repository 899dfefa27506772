/**
 * Web Bot Auth (RFC 9421, web-bot-auth profile) on the agent endpoints, with real signers: a test agent serves its
 * key directory on loopback and signs with the published RFC 9421 Ed25519 test key or its own key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { verifySignature } from "../../src/agent/signatures/verify-signature.js";
import { parseSignatureAgent } from "../../src/agent/signatures/signature-agent.js";
import { rotateSiteKey } from "../../src/agent/signatures/site-keys.js";
import { protocolsDir, skipNotice } from "./protocol-schemas.js";
import { RFC9421_ED25519, newEd25519Key, serveDirectory, signedHeaders, signedWith, thumbprint, type TestAgent } from "./test-agent.js";

let server: TestServer;
let agent: TestAgent;
let ownKey: JsonWebKey;
let url: string;
beforeAll(async () => {
  ownKey = newEd25519Key();
  agent = await serveDirectory([RFC9421_ED25519, ownKey]);
  server = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true" });
  url = `${server.url}/agent/site.json`;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await agent?.close();
});

const sigAgent = () => `sig1="${agent.origin}"`;

describe("refused signatures (401 in the error shape)", () => {
  it("refuses a tampered signature", async () => {
    const headers = await signedHeaders(url, RFC9421_ED25519, sigAgent());
    const bytes = Buffer.from(/:([^:]+):/.exec(headers.signature)![1]!, "base64");
    bytes[0] ^= 1;
    const res = await server.call("GET", "/agent/site.json", { key: null, headers: { ...headers, signature: `sig1=:${bytes.toString("base64")}:` } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
    expect(res.body.error.message).toContain("does not match");
  });

  it("refuses an expired signature", async () => {
    const headers = await signedHeaders(url, RFC9421_ED25519, sigAgent(), { created: new Date(Date.now() - 7200_000), expires: new Date(Date.now() - 3600_000) });
    const res = await server.call("GET", "/agent/site.json", { key: null, headers });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toContain("expired");
  });

  it("refuses a signature living longer than 24 hours", async () => {
    const headers = await signedHeaders(url, RFC9421_ED25519, sigAgent(), { created: new Date(Date.now() - 1000), expires: new Date(Date.now() + 25 * 3600_000) });
    expect((await server.call("GET", "/agent/site.json", { key: null, headers })).status).toBe(401);
  });

  it("refuses a signature with another tag", async () => {
    const headers = await signedWith(url, RFC9421_ED25519, sigAgent(), { tag: "not-web-bot-auth", components: ["@authority", "signature-agent"] });
    const res = await server.call("GET", "/agent/site.json", { key: null, headers });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toContain("tag");
  });

  it("refuses a signature that does not cover signature-agent", async () => {
    const headers = await signedWith(url, RFC9421_ED25519, sigAgent(), { tag: "web-bot-auth", components: ["@authority"] });
    expect((await server.call("GET", "/agent/site.json", { key: null, headers })).status).toBe(401);
  });

  it("refuses a key the agent's directory does not hold", async () => {
    const headers = await signedHeaders(url, newEd25519Key(), sigAgent());
    const res = await server.call("GET", "/agent/site.json", { key: null, headers });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toContain("no key");
  });

  it("refuses when the directory answers with a redirect (not followed)", async () => {
    const redirecting = await serveDirectory([RFC9421_ED25519], { redirect: true });
    try {
      const headers = await signedHeaders(url, RFC9421_ED25519, `sig1="${redirecting.origin}"`);
      const res = await server.call("GET", "/agent/site.json", { key: null, headers });
      expect(res.status).toBe(401);
      expect(res.body.error.message).toContain("redirect");
      // Refused again without calling the directory: a failed fetch is remembered for a minute.
      expect((await server.call("GET", "/agent/site.json", { key: null, headers: await signedHeaders(url, RFC9421_ED25519, `sig1="${redirecting.origin}"`) })).status).toBe(401);
      expect(redirecting.fetches).toBe(1);
    } finally {
      await redirecting.close();
    }
  });

  it("refuses a signed request without Signature-Agent, or with one that does not parse", async () => {
    const { signature, "signature-input": input } = await signedHeaders(url, RFC9421_ED25519, sigAgent());
    expect((await server.call("GET", "/agent/site.json", { key: null, headers: { signature, "signature-input": input } })).status).toBe(401);
    expect((await server.call("GET", "/agent/site.json", { key: null, headers: { signature, "signature-input": input, "signature-agent": "sig1=(((" } })).status).toBe(401);
  });

  it("refuses a directory over plain http when private networks are not allowed", async () => {
    const strict = await startTestServer();
    try {
      const headers = await signedHeaders(`${strict.url}/agent/site.json`, RFC9421_ED25519, sigAgent());
      const res = await strict.call("GET", "/agent/site.json", { key: null, headers });
      expect(res.status).toBe(401);
      expect(res.body.error.message).toContain("https");
    } finally {
      await strict.stop();
    }
  });
});

describe("verified agents", () => {
  it("accepts the RFC 9421 test key and the agent's own key, and counts each agent in its own bucket, whatever its address", async () => {
    const limited = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true", PATCHBAY_AGENT_RATE_LIMIT_PER_SECOND: "1", PATCHBAY_TRUST_PROXY: "true" });
    const other = await serveDirectory([ownKey]);
    try {
      const site = `${limited.url}/agent/site.json`;
      const get = (address: string, headers: Record<string, string> = {}) => limited.call("GET", "/agent/site.json", { key: null, headers: { ...headers, "x-forwarded-for": address } });
      const rfc = () => signedHeaders(site, RFC9421_ED25519, sigAgent());
      // The agent's own key, with the legacy string form of Signature-Agent.
      const own = () => signedHeaders(site, ownKey, `"${other.origin}"`);
      // First requests fetch the directories (a fetch counts against the address: see signed-flood.test.ts).
      expect((await get("203.0.113.21", await rfc())).status).toBe(200);
      expect((await get("203.0.113.22", await own())).status).toBe(200);
      await sleep(1100); // the next second: every budget full again
      // One request per second per client: the address and the two verified agents each get theirs, the second
      // request of an agent is refused even from another address. Sent together: one second.
      const [anonymous, first, ownA, ownB] = await Promise.all([get("203.0.113.23"), get("203.0.113.23", await rfc()), get("203.0.113.23", await own()), get("203.0.113.24", await own())]);
      expect([anonymous.status, first.status]).toEqual([200, 200]);
      expect([ownA.status, ownB.status].sort()).toEqual([200, 429]);
      const again = [ownA, ownB].find((a) => a.status === 429)!;
      expect(again.body.error.code).toBe("rate_limited");
      expect(Number(again.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    } finally {
      await other.close();
      await limited.stop();
    }
  });

  it("caches the directory by (URL, keyid) for its max-age", async () => {
    const cached = await serveDirectory([ownKey]);
    try {
      for (const _ of [1, 2]) await server.call("GET", "/agent/site.json", { key: null, headers: await signedHeaders(url, ownKey, `sig1="${cached.origin}"`) });
      expect(cached.fetches).toBe(1);
    } finally {
      await cached.close();
    }
  });
});

describe("our own key directory", () => {
  it("is a JWKS of Ed25519 keys with RFC 7638 thumbprints as kid, self-signed and verified by the same verifier", async () => {
    const res = await fetch(`${server.url}/.well-known/http-message-signatures-directory`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/http-message-signatures-directory+json");
    const text = await res.text();
    expect(res.headers.get("content-digest")).toBe(`sha-256=:${createHash("sha256").update(text).digest("base64")}:`);
    const { keys } = JSON.parse(text) as { keys: (JsonWebKey & { kid: string })[] };
    for (const key of keys) {
      expect(key).toMatchObject({ kty: "OKP", crv: "Ed25519" });
      expect(key).not.toHaveProperty("d");
      expect(key.kid).toBe(await thumbprint(key));
    }
    const headers = Object.fromEntries(res.headers);
    expect(headers["signature-input"]).toContain('tag="http-message-signatures-directory"');
    expect(headers["signature-input"]).toContain('("@authority";req "content-digest")');
    const authority = new URL(server.url).host;
    const verified = await verifySignature(
      { response: { status: 200, headers }, request: { method: "GET", url: `http://${authority}/.well-known/http-message-signatures-directory`, headers: {} } },
      headers,
      { tag: "http-message-signatures-directory", mustCover: ['"@authority";req', "content-digest"], keyFor: async (kid) => keys.find((k) => k.kid === kid) },
    );
    expect(keys.map((k) => k.kid)).toContain(verified.keyid);
    // Signed for another authority, it does not verify.
    await expect(
      verifySignature({ response: { status: 200, headers }, request: { method: "GET", url: "https://elsewhere.example/", headers: {} } }, headers, {
        tag: "http-message-signatures-directory", mustCover: [], keyFor: async (kid) => keys.find((k) => k.kid === kid),
      }),
    ).rejects.toThrow(/does not match/);
  });

  it("publishes both keys after a rotation, signing with the new one, kept in the data dir", async () => {
    const kids = async (s: TestServer) => (await (await fetch(`${s.url}/.well-known/http-message-signatures-directory`)).json()).keys.map((k: { kid: string }) => k.kid);
    const before = await kids(server);
    const rotated = await rotateSiteKey(server.dataDir);
    const res = await fetch(`${server.url}/.well-known/http-message-signatures-directory`);
    expect(res.headers.get("signature-input")).toContain(`keyid="${rotated[0]!.kid}"`);
    expect((await res.json()).keys.map((k: { kid: string }) => k.kid)).toEqual([rotated[0]!.kid, ...before]);
    // What a restart reads: the key file in the data dir, private to the service's user.
    const file = join(server.dataDir, "agent-signing-keys.json");
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).keys.map((k: { kid: string }) => k.kid)).toEqual([rotated[0]!.kid, ...before]);
  });
});

describe("published vectors", () => {
  const vectors = join(protocolsDir, "web-bot-auth/packages/web-bot-auth/test/test_data/web_bot_auth_signature_agent_v1.json");
  const rfcKey = join(protocolsDir, "web-bot-auth/examples/rfc9421-keys/ed25519.json");
  skipNotice("the Web Bot Auth published vectors");
  it.skipIf(!existsSync(vectors))("parses the Signature-Agent vectors (directory and jwks_uri; others refused)", () => {
    for (const v of JSON.parse(readFileSync(vectors, "utf8")) as { header: string; entries: { label: string; uri: string; type: string }[] }[]) {
      const parsed = parseSignatureAgent(v.header);
      if (v.entries.every((e) => e.type === "directory" || e.type === "jwks_uri")) {
        expect(parsed instanceof Error ? parsed.message : parsed.map((p) => p.label)).toEqual(v.entries.map((e) => e.label));
      } else {
        expect(parsed).toBeInstanceOf(Error);
      }
    }
  });

  it.skipIf(!existsSync(rfcKey))("embeds the same RFC 9421 test key as the published copy", () => {
    const published = JSON.parse(readFileSync(rfcKey, "utf8"));
    expect({ d: published.d, x: published.x }).toEqual({ d: RFC9421_ED25519.d, x: RFC9421_ED25519.x });
  });
});
