import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Random bytes are drawn from the system's generator 4 kB at a time and handed out once each (asking for 48 bytes per
 * id cost ~4 µs, a tool run makes one). Bytes are never reused: a used byte is past `next`.
 */
const POOL = Buffer.alloc(4096);
let next = POOL.length;

function randomByte(): number {
  if (next === POOL.length) {
    randomFillSync(POOL);
    next = 0;
  }
  return POOL[next++]!;
}

/** `length` uniformly random base62 characters (rejection sampling: no modulo bias). */
export function base62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** A record id: a type prefix and 24 base62 characters (~143 random bits), e.g. `conn_4fK2...`. */
export const newId = (prefix: "acct" | "key" | "conn" | "link" | "cc" | "trg" | "evt" | "att" | "run" | "cs") =>
  `${prefix}_${base62(24)}`;
