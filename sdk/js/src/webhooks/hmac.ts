/**
 * HMAC-SHA256 over `timestamp + "." + rawBody` with Web Crypto, which every supported runtime has: browsers,
 * Workers, Deno, Bun and Node 19+ as `globalThis.crypto`; Node 18 only as `node:crypto`'s `webcrypto`.
 */
export type RawBody = string | Uint8Array | ArrayBuffer;

const encoder = new TextEncoder();

async function subtle(): Promise<SubtleCrypto> {
  const global = (globalThis as { crypto?: Crypto }).crypto;
  if (global?.subtle) return global.subtle;
  // Node 18: kept out of sight of browser bundlers, which would otherwise try to resolve it.
  const name = "node:crypto";
  const nodeCrypto = await import(/* @vite-ignore */ /* webpackIgnore: true */ name);
  return nodeCrypto.webcrypto.subtle as SubtleCrypto;
}

export function bytesOf(body: RawBody): Uint8Array {
  if (typeof body === "string") return encoder.encode(body);
  if (body instanceof Uint8Array) return body;
  return new Uint8Array(body);
}

/** The signed content: the timestamp, a period, then the raw body bytes as received. */
function signedContent(timestamp: string, body: RawBody): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${timestamp}.`);
  const raw = bytesOf(body);
  const content = new Uint8Array(prefix.length + raw.length);
  content.set(prefix, 0);
  content.set(raw, prefix.length);
  return content;
}

async function keyOf(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return (await subtle()).importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

export async function hmacHex(secret: string, timestamp: string, body: RawBody): Promise<string> {
  const mac = await (await subtle()).sign("HMAC", await keyOf(secret, "sign"), signedContent(timestamp, body));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Web Crypto's HMAC verify compares in constant time. */
export async function hmacMatches(secret: string, timestamp: string, body: RawBody, mac: Uint8Array<ArrayBuffer>): Promise<boolean> {
  return (await subtle()).verify("HMAC", await keyOf(secret, "verify"), mac, signedContent(timestamp, body));
}
