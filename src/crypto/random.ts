import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` uniformly random base62 characters (rejection sampling: no modulo bias). */
export function base62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A record id: a type prefix and 24 base62 characters (~143 random bits), e.g. `conn_4fK2...`. */
export const newId = (prefix: "acct" | "key" | "conn" | "link" | "cc" | "trg" | "evt" | "att" | "run" | "cs") =>
  `${prefix}_${base62(24)}`;
