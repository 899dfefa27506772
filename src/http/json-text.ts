/**
 * JSON text of an answer whose large, immutable parts were read from disk as JSON text: a catalog tool's input schema
 * is registered with the text it was parsed from (`rememberJsonText`), and an answer holding it gets that text spliced
 * in instead of serializing the schema again. A find answer is mostly its tools' schemas (~30 kB for ten), and
 * serializing them was ~10 % of the request's CPU; the list of an app's tools is the same, a hundred at a time.
 * The text is the catalog's own compact JSON of the same value, so the answer is the same JSON either way.
 */
import { randomBytes } from "node:crypto";

const texts = new WeakMap<object, string>();

/** Registers `text` as the JSON of `value` (which must never change: catalog tools are frozen). */
export function rememberJsonText(value: object, text: string): void {
  texts.set(value, text);
}

// A marker no value of an answer can hold: U+0000 and a nonce chosen at start (serialized as `"\u0000json:<nonce>:<n>"`).
const NONCE = randomBytes(8).toString("hex");
const MARKER = `\u0000json:${NONCE}:`;
const MARKED = new RegExp(`"\\\\u0000json:${NONCE}:(\\d+)"`, "g");

/** The length of `value`'s JSON: its registered text's, else serialized. */
export const jsonLength = (value: unknown): number =>
  (value !== null && typeof value === "object" ? texts.get(value)?.length : undefined) ?? JSON.stringify(value)?.length ?? 0;

/** JSON.stringify(value), with registered parts spliced in as their text. */
export function toJsonText(value: unknown): string {
  const parts: string[] = [];
  const text = JSON.stringify(value, function (_key, v: unknown) {
    if (v === null || typeof v !== "object") return v;
    const known = texts.get(v);
    if (known === undefined) return v;
    parts.push(known);
    return MARKER + (parts.length - 1);
  });
  return parts.length ? text.replace(MARKED, (_m, n: string) => parts[Number(n)]!) : text;
}
