/**
 * The server secret and the keys derived from it. Nothing secret is stored in plain text: API keys are kept as
 * HMAC-SHA256 fingerprints, credentials are sealed with AES-256-GCM. Both keys are derived (HKDF) from the one
 * server secret, which comes from PATCHBAY_SECRET or is created once in the data dir (mode 0600).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { BoundedMemo } from "../bounded-memo.js";

export interface Secrets {
  /** Keyed fingerprint of an API key (hex). */
  fingerprint(value: string): string;
  /** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
  seal(plain: string): string;
  open(sealed: string): string;
}

export async function loadServerSecret(dataDir: string, fromEnv: string | null): Promise<string> {
  if (fromEnv) return fromEnv;
  const path = join(dataDir, "secret");
  const existing = await readFile(path, "utf8").catch(() => null);
  if (existing?.trim()) return existing.trim();
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  await writeFile(path, secret + "\n", { mode: 0o600, flag: "wx" }).catch(async (err) => {
    if (err.code !== "EEXIST") throw err;
  });
  return (await readFile(path, "utf8")).trim();
}

export function deriveSecrets(serverSecret: string): Secrets {
  const derive = (purpose: string) => Buffer.from(hkdfSync("sha256", serverSecret, "patchbay", purpose, 32));
  const fingerprintKey = derive("api-key-fingerprint");
  const sealKey = derive("credential-encryption");
  // Both are pure functions of their input, asked on every request with the same few short values (a key, a
  // connection's credentials): answers for short inputs are remembered in memory, a bounded number of them (a run's
  // input or a sealed result is neither short nor asked again soon). Nothing is written anywhere; the process holds
  // the keys that open every sealed value anyway.
  const fingerprints = new BoundedMemo<string>(4096, 256);
  const opened = new BoundedMemo<string>(2048, 8192);
  const hmac = (value: string) => createHmac("sha256", fingerprintKey).update(value).digest("hex");
  return {
    fingerprint: (value) => fingerprints.get(value) ?? fingerprints.set(value, hmac(value)),
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", sealKey, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
    },
    open(sealed) {
      return opened.get(sealed) ?? opened.set(sealed, openSealed(sealed));
    },
  };

  function openSealed(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("not a sealed value");
    const decipher = createDecipheriv("aes-256-gcm", sealKey, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  }
}

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
