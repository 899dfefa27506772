/**
 * Sign-up, sign-in, sign-out: handlers of the web operations. They answer with a redirect and the session cookie;
 * the web door adds `Secure` over HTTPS and checks the form's CSRF token before they run. Sign-in throttling is
 * applied around them by the door (like the REST rate limit), since it needs the client's address.
 */
import type { Handler } from "../../dispatch/types.js";
import { Reply } from "../../dispatch/types.js";
import { callerOf } from "../../handlers/caller-of.js";
import { accountByPassword, createAccount } from "../../domain/accounts.js";
import { createSession, revokeSession, SESSION_TTL_MS } from "../../domain/sessions.js";
import { ApiError } from "../../errors.js";
import { SESSION_COOKIE } from "../../gate/session.js";

export const sessionCookie = (token: string) => `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}`;
export const clearedSessionCookie = `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;

const seeOther = (location: string, headers: Record<string, string> = {}) => new Reply(undefined as never, { status: 303, headers: { Location: location, ...headers } });

/** POST /sign-up: a new account with a password, signed in at once. */
export const signUp: Handler<"signUp"> = async ({ body }, ctx) => {
  const { db, secrets } = ctx.services;
  const account = await createAccount(db, body.email, body.password).catch((err) => {
    // Without e-mail confirmation a sign-up cannot hide that an address is taken; the message at least names no account.
    if (err instanceof ApiError && err.code === "conflict") throw new ApiError("conflict", "This e-mail address cannot be used for a new account. If it is yours, sign in instead.");
    throw err;
  });
  const { token } = await createSession(db, secrets, account.id);
  return seeOther("/developer?welcome=1", { "Set-Cookie": sessionCookie(token) });
};

/** POST /sign-in: a new session (the old cookie, if any, is replaced: sessions are rotated at sign-in). */
export const signIn: Handler<"signIn"> = async ({ body }, ctx) => {
  const { db, secrets } = ctx.services;
  const account = await accountByPassword(db, body.email, body.password);
  const { token } = await createSession(db, secrets, account.id);
  return seeOther("/developer", { "Set-Cookie": sessionCookie(token) });
};

/** POST /sign-out: the session is revoked on the server, the cookie cleared. */
export const signOut: Handler<"signOut"> = async (_input, ctx) => {
  const session = callerOf(ctx).session;
  if (session) await revokeSession(ctx.services.db, session.id);
  return seeOther("/?signed-out=1", { "Set-Cookie": clearedSessionCookie });
};
