import type { IncomingMessage } from "node:http";
import type { Db } from "../db/client.js";
import type { Secrets } from "../crypto/secrets.js";
import { ApiError } from "../errors.js";
import { authenticateKey, keyPermissions } from "../domain/keys.js";
import type { Caller } from "./caller.js";

/** The `WWW-Authenticate` challenge sent with a 401 for a key that was sent but is not valid. */
export const BEARER_CHALLENGE = 'Bearer realm="patchbay", error="invalid_token"';
/** The challenge for a request that sent no key: RFC 6750 §3.1 says no error code then (clients read it as "sign in"). */
export const BEARER_CHALLENGE_NO_TOKEN = 'Bearer realm="patchbay"';

const unauthorized = (message: string, challenge = BEARER_CHALLENGE) => new ApiError("unauthorized", message, { headers: { "WWW-Authenticate": challenge } });

/** The key from an `Authorization` header value, or null when there is none. */
export function bearerKey(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("The Authorization header must be `Bearer <API key>`.");
  return match[1];
}

/**
 * The key of a request's one `Authorization` header (null when absent). Node joins repeated headers with ", ",
 * which would hide a second credential inside the first: two headers are refused with 400 before any lookup.
 */
export function bearerKeyOf(req: IncomingMessage): string | null {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === "authorization") count++;
  if (count > 1) throw new ApiError("invalid_request", `Send one Authorization header; this request has ${count}.`);
  return bearerKey(req.headers.authorization || undefined);
}

/** Resolves a key to its caller, or throws 401 `unauthorized` with a message saying which case it is. */
export async function authenticate(db: Db, secrets: Secrets, key: string | null): Promise<Caller> {
  if (!key) throw unauthorized("An API key is required: send `Authorization: Bearer patchbay_sk_...`.", BEARER_CHALLENGE_NO_TOKEN);
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
