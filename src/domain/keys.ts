/**
 * API keys: `patchbay_sk_` + 43 base62 characters (256 random bits). Shown once at creation; only the keyed
 * fingerprint is stored. Revocation is checked on every request (no cache), so it takes effect on the next one.
 */
import type { Db } from "../db/client.js";
import type { Secrets } from "../crypto/secrets.js";
import { base62, newId } from "../crypto/random.js";
import { ApiError, invalid } from "../errors.js";

export const KEY_PREFIX = "patchbay_sk_";
const KEY_FORMAT = /^patchbay_sk_[0-9A-Za-z]{43}$/;
export const PERMISSIONS = ["read", "connect", "run"] as const;
export type KeyPermission = (typeof PERMISSIONS)[number];

/** lastUsedAt is written at most once a minute per key, so reads do not turn every request into a write. */
const LAST_USED_GRANULARITY_MS = 60_000;

export function parsePermissions(text: string): KeyPermission[] {
  const parts = text.split(",").map((p) => p.trim()).filter(Boolean);
  const unknown = parts.filter((p) => !PERMISSIONS.includes(p as KeyPermission));
  if (unknown.length || !parts.length) {
    throw invalid(`Permissions must be a comma-separated subset of ${PERMISSIONS.join(",")}; got '${text}'.`);
  }
  return PERMISSIONS.filter((p) => parts.includes(p));
}

export async function createKey(db: Db, secrets: Secrets, accountId: string, project: string, permissions: KeyPermission[] = [...PERMISSIONS]) {
  const name = project.trim();
  if (!name || name.length > 100) throw invalid("The project name must be 1-100 characters.");
  const key = KEY_PREFIX + base62(43);
  const record = await db.apiKey.create({
    data: {
      id: newId("key"),
      accountId,
      project: name,
      fingerprint: secrets.fingerprint(key),
      preview: key.slice(0, KEY_PREFIX.length + 4),
      permissions: permissions.join(","),
    },
  });
  return { key, record };
}

export const listKeys = (db: Db, accountId: string) =>
  db.apiKey.findMany({ where: { accountId }, orderBy: { createdAt: "desc" } });

export async function revokeKey(db: Db, keyId: string) {
  const key = await db.apiKey.findUnique({ where: { id: keyId } });
  if (!key) throw new ApiError("not_found", `No API key '${keyId}'. List keys with: patchbay key list --email <e>`);
  if (key.revokedAt) return key;
  return db.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });
}

/** The key's record and account, or an `unauthorized` error that says which case it is. */
export async function authenticateKey(db: Db, secrets: Secrets, key: string) {
  if (!KEY_FORMAT.test(key)) {
    throw new ApiError("unauthorized", "The API key is malformed: expected patchbay_sk_ followed by 43 letters and digits.");
  }
  const record = await db.apiKey.findUnique({ where: { fingerprint: secrets.fingerprint(key) }, include: { account: true } });
  if (!record) throw new ApiError("unauthorized", "The API key is not known. Create one with `patchbay key create`.");
  if (record.revokedAt) throw new ApiError("unauthorized", "The API key has been revoked. Use another key.");
  const now = Date.now();
  if (!record.lastUsedAt || now - record.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
    await db.apiKey.update({ where: { id: record.id }, data: { lastUsedAt: new Date(now) } });
    record.lastUsedAt = new Date(now);
  }
  return record;
}

export const keyPermissions = (record: { permissions: string }) =>
  record.permissions.split(",").filter((p): p is KeyPermission => PERMISSIONS.includes(p as KeyPermission));
