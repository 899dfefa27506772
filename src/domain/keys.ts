/**
 * API keys: `patchbay_sk_` + 43 base62 characters (256 random bits). Shown once at creation; only the keyed
 * fingerprint is stored. Revocation is checked on every request (no cache), so it takes effect on the next one;
 * lastUsedAt is written at most once a minute (usage.ts).
 */
import type { Db } from "../db/client.js";
import type { Secrets } from "../crypto/secrets.js";
import { base62, newId } from "../crypto/random.js";
import { ApiError, invalid } from "../errors.js";
import { leanReads, type LeanQuery } from "../db/lean-reads.js";
import { recordKeyUse } from "./usage.js";

export const KEY_PREFIX = "patchbay_sk_";
const KEY_FORMAT = /^patchbay_sk_[0-9A-Za-z]{43}$/;
export const PERMISSIONS = ["read", "connect", "run"] as const;
export type KeyPermission = (typeof PERMISSIONS)[number];

/**
 * `read,run` → the permissions, in canonical order. An empty list is refused rather than read as "all": a key
 * with no permission is useless, and a blank value from a script must never widen a key.
 */
export function parsePermissions(text: string): KeyPermission[] {
  const parts = text.split(",").map((p) => p.trim()).filter(Boolean);
  const allowed = `a comma-separated subset of ${PERMISSIONS.join(",")}`;
  if (!parts.length) throw invalid(`Permissions must be ${allowed}, e.g. --permissions read; got an empty list. Leave out --permissions for a key with all of them.`);
  const unknown = parts.filter((p) => !PERMISSIONS.includes(p as KeyPermission));
  if (unknown.length) {
    throw invalid(`Unknown permission ${unknown.map((p) => `'${p}'`).join(", ")}: permissions must be ${allowed}; got '${text}'.`);
  }
  return PERMISSIONS.filter((p) => parts.includes(p));
}

export async function createKey(db: Db, secrets: Secrets, accountId: string, project: string, permissions: KeyPermission[] = [...PERMISSIONS]) {
  const name = project.trim();
  if (!name || name.length > 100) throw invalid("The project name must be 1-100 characters.");
  if (!permissions.length || permissions.some((p) => !PERMISSIONS.includes(p))) {
    throw invalid(`A key needs at least one permission of ${PERMISSIONS.join(",")}; got '${permissions.join(",")}'.`);
  }
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

/** A key as authentication needs it: its own fields and its account's. */
export interface AuthenticatedKey {
  id: string;
  accountId: string;
  project: string;
  preview: string;
  permissions: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  account: { email: string; createdAt: Date };
}

/** The key lookup made on every request, as one prepared statement (db/lean-reads.ts says why). */
const KEY_BY_FINGERPRINT: LeanQuery = {
  name: "key_by_fingerprint",
  sqlite:
    "SELECT k.id, k.accountId, k.project, k.preview, k.permissions, k.createdAt, k.lastUsedAt, k.revokedAt, a.email, a.createdAt AS accountCreatedAt " +
    "FROM ApiKey k JOIN Account a ON a.id = k.accountId WHERE k.fingerprint = ?",
  postgresql:
    'SELECT k.id, k."accountId", k.project, k.preview, k.permissions, k."createdAt", k."lastUsedAt", k."revokedAt", a.email, a."createdAt" AS "accountCreatedAt" ' +
    'FROM "ApiKey" k JOIN "Account" a ON a.id = k."accountId" WHERE k.fingerprint = $1',
  dates: ["createdAt", "lastUsedAt", "revokedAt", "accountCreatedAt"],
};
type KeyRow = Omit<AuthenticatedKey, "account"> & { email: string; accountCreatedAt: Date };

async function keyByFingerprint(db: Db, fingerprint: string): Promise<AuthenticatedKey | null> {
  const lean = leanReads(db);
  if (!lean) return db.apiKey.findUnique({ where: { fingerprint }, include: { account: true } });
  const row = await lean.one<KeyRow>(KEY_BY_FINGERPRINT, [fingerprint]);
  if (!row) return null;
  return {
    id: row.id,
    accountId: row.accountId,
    project: row.project,
    preview: row.preview,
    permissions: row.permissions,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    account: { email: row.email, createdAt: row.accountCreatedAt },
  };
}

/**
 * The key's record and account, or an `unauthorized` error that says which case it is. Read on every request (on
 * SQLite a row read since the last change is reused, db/lean-reads.ts), so a revocation through this process takes
 * effect on the next request, and one by another process (the CLI) within a millisecond.
 */
export async function authenticateKey(db: Db, secrets: Secrets, key: string): Promise<AuthenticatedKey> {
  if (!KEY_FORMAT.test(key)) {
    throw new ApiError("unauthorized", "The API key is malformed: expected patchbay_sk_ followed by 43 letters and digits.");
  }
  const record = await keyByFingerprint(db, secrets.fingerprint(key));
  if (!record) throw new ApiError("unauthorized", "The API key is not known. Create one with `patchbay key create`.");
  if (record.revokedAt) throw new ApiError("unauthorized", "The API key has been revoked. Use another key.");
  const used = recordKeyUse(db, record);
  record.lastUsedAt = used instanceof Date ? used : await used;
  return record;
}

export const keyPermissions = (record: { permissions: string }) =>
  record.permissions.split(",").filter((p): p is KeyPermission => PERMISSIONS.includes(p as KeyPermission));
