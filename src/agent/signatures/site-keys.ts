/**
 * The site's own Ed25519 signing keys, kept in the data dir (`agent-signing-keys.json`, mode 0600, like the server
 * secret): created on first start, rotated by `rotateSiteKey` (a new key signs from then on; the previous one stays
 * published for a day so that what it signed still verifies, then is dropped at the next load).
 */
import { generateKeyPairSync } from "node:crypto";
import { readFile, writeFile, rename } from "node:fs/promises";
import { join } from "node:path";
import { jwkToKeyID, helpers } from "web-bot-auth";

export interface SiteKey {
  /** RFC 7638 thumbprint of the public key. */
  kid: string;
  privateJwk: JsonWebKey;
  publicJwk: JsonWebKey;
  createdAt: string;
  /** Set on a key that was replaced: it is published until then, and never signs. */
  retiresAt?: string;
}

const FILE = "agent-signing-keys.json";
const RETIRED_KEPT_MS = 24 * 3600 * 1000;
const loaded = new Map<string, Promise<SiteKey[]>>();

/** The keys, newest (the signing one) first; created on first call for a data dir. */
export function siteKeys(dataDir: string): Promise<SiteKey[]> {
  let keys = loaded.get(dataDir);
  if (!keys) {
    keys = load(dataDir);
    keys.catch(() => loaded.delete(dataDir));
    loaded.set(dataDir, keys);
  }
  return keys;
}

/** Creates a new signing key; the previous ones retire in a day. */
export async function rotateSiteKey(dataDir: string): Promise<SiteKey[]> {
  const now = new Date();
  const current = (await siteKeys(dataDir)).map((k) => ({ ...k, retiresAt: k.retiresAt ?? new Date(now.getTime() + RETIRED_KEPT_MS).toISOString() }));
  const keys = [await newKey(now), ...current];
  await save(dataDir, keys);
  loaded.set(dataDir, Promise.resolve(keys));
  return keys;
}

async function load(dataDir: string): Promise<SiteKey[]> {
  let keys: SiteKey[] = [];
  try {
    keys = (JSON.parse(await readFile(join(dataDir, FILE), "utf8")) as { keys: SiteKey[] }).keys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw new Error(`${join(dataDir, FILE)} cannot be read: ${(err as Error).message}`);
  }
  const live = keys.filter((k) => !k.retiresAt || Date.parse(k.retiresAt) > Date.now());
  if (!live.some((k) => !k.retiresAt)) live.unshift(await newKey(new Date()));
  if (live.length !== keys.length || live[0] !== keys[0]) await save(dataDir, live);
  return live;
}

async function newKey(now: Date): Promise<SiteKey> {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const publicJwk = publicKey.export({ format: "jwk" }) as JsonWebKey;
  const kid = await jwkToKeyID(publicJwk, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE);
  return { kid, privateJwk: privateKey.export({ format: "jwk" }) as JsonWebKey, publicJwk: { ...publicJwk, kid } as JsonWebKey, createdAt: now.toISOString() };
}

async function save(dataDir: string, keys: SiteKey[]) {
  const path = join(dataDir, FILE);
  await writeFile(`${path}.tmp`, JSON.stringify({ keys }, null, 2), { mode: 0o600 });
  await rename(`${path}.tmp`, path);
}
