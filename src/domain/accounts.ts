/**
 * Accounts: created by the CLI (`patchbay account create --password`) or the sign-up page; both store the same
 * scrypt hash, which the sign-in page checks. A key acts as its account.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { Db } from "../db/client.js";
import { newId } from "../crypto/random.js";
import { ApiError, invalid } from "../errors.js";

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_LENGTH = { min: 8, max: 200 };

export async function createAccount(db: Db, email: string, password?: string) {
  const normalized = email.trim().toLowerCase();
  if (!EMAIL.test(normalized)) throw invalid(`'${email}' is not an e-mail address.`);
  if (password !== undefined && password.length < PASSWORD_LENGTH.min) throw invalid(`The password must be at least ${PASSWORD_LENGTH.min} characters.`);
  if (password !== undefined && password.length > PASSWORD_LENGTH.max) throw invalid(`The password must be at most ${PASSWORD_LENGTH.max} characters.`);
  if (await db.account.findUnique({ where: { email: normalized } })) {
    throw new ApiError("conflict", `An account with e-mail ${normalized} already exists.`);
  }
  return db.account.create({
    data: { id: newId("acct"), email: normalized, passwordHash: password ? await hashPassword(password) : null },
  });
}

export async function accountByEmail(db: Db, email: string) {
  const account = await db.account.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!account) throw new ApiError("not_found", `No account with e-mail ${email}. Create it with: patchbay account create --email ${email}`);
  return account;
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const [scheme, salt, hash] = (stored ?? "").split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), 32);
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

/** Hashed once at start: checked against when no account matches, so both cases take the same time. */
let decoy: Promise<string> | undefined;

/**
 * The account of an e-mail and password, or 401 with one message for every failure (unknown e-mail, no password
 * set, wrong password), taking the same time in each case: the answer never tells whether an account exists.
 */
export async function accountByPassword(db: Db, email: string, password: string) {
  const account = await db.account.findUnique({ where: { email: email.trim().toLowerCase() } });
  const stored = account?.passwordHash ?? (await (decoy ??= hashPassword("decoy password")));
  const matches = await verifyPassword(stored, password);
  if (!account?.passwordHash || !matches) throw new ApiError("unauthorized", "That e-mail and password do not match an account. Check both and try again, or create an account.");
  return account;
}
