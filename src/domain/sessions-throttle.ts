/**
 * Sign-in throttling: failed attempts are stored (SignInFailure) and counted over a sliding window per account
 * (by a keyed fingerprint of the e-mail, known or not, so the answer never tells whether it exists) and per client
 * address. Stored in the database, so every instance of a scaled-out service counts the same attempts.
 */
import type { Db } from "../db/client.js";
import type { Secrets } from "../crypto/secrets.js";
import { base62 } from "../crypto/random.js";
import { ApiError } from "../errors.js";

export const THROTTLE = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 };

const subjects = (secrets: Secrets, email: string, address: string) => ({
  account: `account:${secrets.fingerprint(`sign-in:${email.trim().toLowerCase()}`)}`,
  address: `address:${address}`,
});

/** Throws 429 when the account or the address is over its limit of failures in the window. */
export async function assertNotThrottled(db: Db, secrets: Secrets, email: string, address: string): Promise<void> {
  const s = subjects(secrets, email, address);
  const since = new Date(Date.now() - THROTTLE.windowMs);
  for (const [subject, limit] of [[s.account, THROTTLE.perAccount], [s.address, THROTTLE.perAddress]] as const) {
    const failures = await db.signInFailure.findMany({ where: { subject, createdAt: { gt: since } }, orderBy: { createdAt: "asc" }, take: limit, select: { createdAt: true } });
    if (failures.length < limit) continue;
    const retry = Math.max(1, Math.ceil((failures[0]!.createdAt.getTime() + THROTTLE.windowMs - Date.now()) / 1000));
    const minutes = Math.ceil(retry / 60);
    throw new ApiError("rate_limited", `Too many failed sign-ins ${subject === s.account ? "for this e-mail address" : "from your network"}. Wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, {
      headers: { "Retry-After": String(retry) },
    });
  }
}

export async function recordFailure(db: Db, secrets: Secrets, email: string, address: string): Promise<void> {
  const s = subjects(secrets, email, address);
  await db.signInFailure.createMany({ data: [s.account, s.address].map((subject) => ({ id: `fail_${base62(24)}`, subject })) });
  await db.signInFailure.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - THROTTLE.windowMs) } } });
}

/** A successful sign-in clears the account's failures (not the address's). */
export const clearFailures = (db: Db, secrets: Secrets, email: string, address: string) =>
  db.signInFailure.deleteMany({ where: { subject: subjects(secrets, email, address).account } });
