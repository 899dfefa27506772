import type { Db } from "../db/client.js";
import type { Secrets } from "../crypto/secrets.js";
import { ApiError } from "../errors.js";
import { authenticateKey, keyPermissions } from "../domain/keys.js";
import type { Caller } from "./caller.js";

/** The `WWW-Authenticate` challenge sent with every 401. */
export const BEARER_CHALLENGE = 'Bearer realm="patchbay", error="invalid_token"';

const unauthorized = (message: string) => new ApiError("unauthorized", message, { headers: { "WWW-Authenticate": BEARER_CHALLENGE } });

/** The key from an `Authorization` header value, or null when there is none. */
export function bearerKey(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("The Authorization header must be `Bearer <API key>`.");
  return match[1];
}

/** Resolves a key to its caller, or throws 401 `unauthorized` with a message saying which case it is. */
export async function authenticate(db: Db, secrets: Secrets, key: string | null): Promise<Caller> {
  if (!key) throw unauthorized("An API key is required: send `Authorization: Bearer patchbay_sk_...`.");
  try {
    const record = await authenticateKey(db, secrets, key);
    return {
      accountId: record.accountId,
      email: record.account.email,
      accountCreatedAt: record.account.createdAt,
      key: {
        id: record.id,
        project: record.project,
        preview: record.preview,
        permissions: keyPermissions(record),
        createdAt: record.createdAt,
        lastUsedAt: record.lastUsedAt,
      },
    };
  } catch (err) {
    if (err instanceof ApiError && err.code === "unauthorized") throw unauthorized(err.message);
    throw err;
  }
}
