import { PatchbayError } from "../errors.js";
import { hmacMatches, bytesOf, type RawBody } from "./hmac.js";
import { headerOf, SIGNATURE_HEADER, TIMESTAMP_HEADER, type HeaderSource } from "./headers.js";

export interface VerifyOptions {
  /** How far the delivery's timestamp may be from now, either way, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The current time in unix seconds (for tests). Default: the clock. */
  now?: number;
}

const SIGNATURE = /^sha256=([0-9a-f]{64})$/;
const TIMESTAMP = /^[0-9]{1,12}$/;
const decoder = new TextDecoder();

function reject(message: string): never {
  throw new PatchbayError("invalid_signature", message);
}

/**
 * Checks a trigger delivery before its body is trusted: the signature over the raw body (constant time), and the
 * timestamp against replays. Resolves to the parsed body; rejects with a `PatchbayError` of code
 * `invalid_signature` otherwise.
 *
 * @param rawBody the body exactly as received (string, Uint8Array/Buffer or ArrayBuffer), before any JSON parsing
 * @param headers the delivery's headers: a `Headers` or a plain object such as Node's `req.headers`
 * @param secret the trigger's `signingSecret`, from `triggers.create`
 */
export async function verify<T = Record<string, unknown>>(
  rawBody: RawBody,
  headers: HeaderSource,
  secret: string,
  opts: VerifyOptions = {},
): Promise<T> {
  if (!secret) reject("No signing secret given.");
  const timestamp = headerOf(headers, TIMESTAMP_HEADER);
  const signature = headerOf(headers, SIGNATURE_HEADER);
  if (timestamp === undefined || signature === undefined) reject(`Missing ${TIMESTAMP_HEADER} or ${SIGNATURE_HEADER} header.`);
  if (!TIMESTAMP.test(timestamp)) reject(`Malformed ${TIMESTAMP_HEADER} header: expected unix seconds.`);
  const match = SIGNATURE.exec(signature);
  if (!match) reject(`Malformed ${SIGNATURE_HEADER} header: expected sha256= and 64 lowercase hex digits.`);

  const tolerance = opts.toleranceSeconds ?? 300;
  const age = (opts.now ?? Math.floor(Date.now() / 1000)) - Number(timestamp);
  if (age > tolerance) reject(`The delivery's timestamp is ${age} s old, more than the ${tolerance} s allowed.`);
  if (age < -tolerance) reject(`The delivery's timestamp is ${-age} s in the future, more than the ${tolerance} s allowed.`);

  const mac = new Uint8Array(32);
  for (let i = 0; i < 32; i++) mac[i] = parseInt(match[1]!.slice(i * 2, i * 2 + 2), 16);
  if (!(await hmacMatches(secret, timestamp, rawBody, mac))) reject("The signature does not match the body and the secret.");

  try {
    return JSON.parse(decoder.decode(bytesOf(rawBody))) as T;
  } catch {
    return reject("The delivery is signed but its body is not JSON.");
  }
}
