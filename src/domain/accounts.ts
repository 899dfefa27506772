/** Accounts: created by the CLI (and later the developer page); a key acts as its account. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { Db } from "../db/client.js";
import { newId } from "../crypto/random.js";
import { ApiError, invalid } from "../errors.js";

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function createAccount(db: Db, email: string, password?: string) {
  const normalized = email.trim().toLowerCase();
  if (!EMAIL.test(normalized)) throw invalid(`'${email}' is not an e-mail address.`);
  if (password !== undefined && password.length < 8) throw invalid("The password must be at least 8 characters.");
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
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), 32);
  return timingSafeEqual(actual, Buffer.from(hash, "base64url"));
}
