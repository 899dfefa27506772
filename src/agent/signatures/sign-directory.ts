/**
 * The answer of `/.well-known/http-message-signatures-directory`: the public keys as a JWKS, with a `Content-Digest`
 * (RFC 9530, sha-256) and a signature by the current key over `("@authority";req "content-digest")`,
 * `tag="http-message-signatures-directory"`, valid for an hour (the answer is cached for five minutes).
 */
import { createHash } from "node:crypto";
import { signatureHeaders } from "http-message-sig";
import { signerFromJWK } from "web-bot-auth/crypto";
import type { SiteKey } from "./site-keys.js";

export const DIRECTORY_TAG = "http-message-signatures-directory";
export const DIRECTORY_MEDIA_TYPE = "application/http-message-signatures-directory+json";

export async function signedDirectory(keys: SiteKey[], authority: string, now = new Date()): Promise<{ body: string; headers: Record<string, string> }> {
  const body = JSON.stringify({ keys: keys.map((k) => k.publicJwk) });
  const contentDigest = `sha-256=:${createHash("sha256").update(body).digest("base64")}:`;
  const current = keys.find((k) => !k.retiresAt) ?? keys[0]!;
  const signer = await signerFromJWK({ ...current.privateJwk, kid: current.kid } as JsonWebKey);
  const headers: Record<string, string> = { "Content-Type": DIRECTORY_MEDIA_TYPE, "Content-Digest": contentDigest, "Cache-Control": "public, max-age=300" };
  const signed = await signatureHeaders(
    { response: { status: 200, headers }, request: { method: "GET", url: `https://${authority}/.well-known/http-message-signatures-directory`, headers: {} } },
    {
      signer,
      components: [{ name: "@authority", parameters: new Map([["req", true]]) }, "content-digest"],
      created: now,
      expires: new Date(now.getTime() + 3600_000),
      keyid: current.kid,
      key: "sig1",
      tag: DIRECTORY_TAG,
    },
  );
  return { body, headers: { ...headers, Signature: signed.Signature, "Signature-Input": signed["Signature-Input"] } };
}
