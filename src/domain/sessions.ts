/**
 * Web sessions: the browser's cookie holds 256 random bits; the database holds only their keyed fingerprint, so a
 * copy of the database opens no session. A new session is made at every sign-in (never reused: no fixation), read
 * on every request (a revocation takes effect on the next one) and revoked at sign-out. The CSRF token of a session
 * is derived from its token (HMAC), so it needs no storage and dies with the session.
 */
import type { Db } from "../db/client.js";
import type { Secrets } from "../crypto/secrets.js";
import { base62 } from "../crypto/random.js";

/** How long a session lasts without signing in again. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
const TOKEN_FORMAT = /^[0-9A-Za-z]{43}$/;

export async function createSession(db: Db, secrets: Secrets, accountId: string) {
  const token = base62(43);
  const record = await db.webSession.create({
    data: { id: `sess_${base62(24)}`, accountId, fingerprint: secrets.fingerprint(`session:${token}`), expiresAt: new Date(Date.now() + SESSION_TTL_MS) },
  });
  return { token, record };
}

/** The live session of a cookie token with its account, or null (unknown, malformed, expired or revoked). */
export async function sessionByToken(db: Db, secrets: Secrets, token: string | undefined) {
  if (!token || !TOKEN_FORMAT.test(token)) return null;
  const session = await db.webSession.findUnique({ where: { fingerprint: secrets.fingerprint(`session:${token}`) }, include: { account: true } });
  if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) return null;
  return session;
}

export const revokeSession = (db: Db, id: string) => db.webSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });

/** Revokes every live session of an account (e.g. from an operator script); returns how many. */
export const revokeAccountSessions = async (db: Db, accountId: string) =>
  (await db.webSession.updateMany({ where: { accountId, revokedAt: null }, data: { revokedAt: new Date() } })).count;

/** The CSRF token bound to a session token (or to a pre-session cookie value). */
export const csrfTokenFor = (secrets: Secrets, cookieValue: string) => secrets.fingerprint(`csrf:${cookieValue}`);
