/**
 * A test agent with real signers: it serves its key directory on loopback (or a redirect, to be refused) and signs
 * requests with web-bot-auth, using the published RFC 9421 test key or a key of its own.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { signatureHeaders as signWebBotAuth, jwkToKeyID, helpers } from "web-bot-auth";
import { signatureHeaders, type Component } from "http-message-sig";
import { signerFromJWK } from "web-bot-auth/crypto";

const fixture = JSON.parse(readFileSync(new URL("./fixtures/rfc9421-ed25519.json", import.meta.url), "utf8"));
export const RFC9421_ED25519: JsonWebKey = { kty: fixture.kty, crv: fixture.crv, d: fixture.d, x: fixture.x } as JsonWebKey;

export function newEd25519Key(): JsonWebKey {
  return generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" }) as JsonWebKey;
}

const publicPart = ({ kty, crv, x }: JsonWebKey) => ({ kty, crv, x });

export interface TestAgent {
  /** The directory's origin, for Signature-Agent. */
  origin: string;
  fetches: number;
  close(): Promise<void>;
}

/** Serves `keys` (public parts) at /.well-known/http-message-signatures-directory; `redirect`: answer 302 instead. */
export async function serveDirectory(keys: JsonWebKey[], opts: { redirect?: boolean } = {}): Promise<TestAgent> {
  const agent = { origin: "", fetches: 0, close: async () => {} } as TestAgent;
  const server: Server = createServer((req, res) => {
    agent.fetches++;
    if (opts.redirect) {
      res.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" }).end();
      return;
    }
    if (req.url !== "/.well-known/http-message-signatures-directory") return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/http-message-signatures-directory+json", "cache-control": "max-age=600" });
    res.end(JSON.stringify({ keys: keys.map(publicPart) }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  agent.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  agent.close = () => new Promise<void>((r) => server.close(() => r()));
  return agent;
}

export const thumbprint = (key: JsonWebKey) => jwkToKeyID(publicPart(key) as JsonWebKey, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE);

/** Headers of a request to `url` signed as web-bot-auth prescribes (tag, @authority, signature-agent). */
export async function signedHeaders(url: string, key: JsonWebKey, signatureAgent: string, opts: { created?: Date; expires?: Date } = {}): Promise<Record<string, string>> {
  const created = opts.created ?? new Date(Date.now() - 1000);
  const expires = opts.expires ?? new Date(created.getTime() + 300_000);
  const request = { method: "GET", url, headers: { "signature-agent": signatureAgent } };
  const signed = await signWebBotAuth(request, await signerFromJWK(key), { created, expires });
  return { "signature-agent": signatureAgent, signature: signed.Signature, "signature-input": signed["Signature-Input"] };
}

/** The same, with any tag and components (to build requests the profile forbids). */
export async function signedWith(url: string, key: JsonWebKey, signatureAgent: string, opts: { tag: string; components: Component[] }): Promise<Record<string, string>> {
  const signer = await signerFromJWK(key);
  const created = new Date(Date.now() - 1000);
  const signed = await signatureHeaders(
    { method: "GET", url, headers: { "signature-agent": signatureAgent } },
    { signer, keyid: signer.keyid, components: opts.components, created, expires: new Date(created.getTime() + 300_000), tag: opts.tag },
  );
  return { "signature-agent": signatureAgent, signature: signed.Signature, "signature-input": signed["Signature-Input"] };
}
