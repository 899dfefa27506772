/**
 * The web pages' admission: a `patchbay_session` cookie instead of an API key. A live session is a Caller for its
 * account with every permission (the account owner at the keyboard); its `key` stands for the session. Read from
 * the database on every request, so a revoked session is refused on the next one.
 */
import type { Db } from "../db/client.js";
import type { Secrets } from "../crypto/secrets.js";
import { PERMISSIONS } from "../domain/keys.js";
import { sessionByToken } from "../domain/sessions.js";
import type { Caller } from "./caller.js";

export const SESSION_COOKIE = "patchbay_session";

export async function callerOfSession(db: Db, secrets: Secrets, token: string | undefined): Promise<Caller | null> {
  const session = await sessionByToken(db, secrets, token);
  if (!session) return null;
  return {
    accountId: session.accountId,
    email: session.account.email,
    accountCreatedAt: session.account.createdAt,
    key: { id: session.id, project: "web session", preview: "", permissions: [...PERMISSIONS], createdAt: session.createdAt, lastUsedAt: null },
    session: { id: session.id },
  };
}
