/**
 * JSON text of an answer whose large, immutable parts were read from disk as JSON text: a catalog tool's input schema
 * is registered with the text it was parsed from (`rememberJsonText`), and an answer holding it gets that text spliced
 * in instead of serializing the schema again. A find answer is mostly its tools' schemas (~30 kB for ten), and
 * serializing them was ~10 % of the request's CPU; the list of an app's tools is the same, a hundred at a time.
 * The text is the catalog's own compact JSON of the same value, so the answer is the same JSON either way.
 */
import { randomBytes } from "node:crypto";

const texts = new WeakMap<object, string>();

/** The parts of the answer being serialized by toJsonText (null outside it: a plain JSON.stringify sees plain values). */
let collecting: string[] | null = null;

/**
 * Registers `text` as the JSON of `value`, which must never change (catalog tools are frozen) and must not be frozen
 * yet: it gets a hidden `toJSON`, through which toJsonText finds it. JSON.stringify calls a value's own toJSON and
 * nothing of ours for every other value (a replacer function was called for each value of every answer, registered
 * or not: measured ~3 % of a proxied call, more on a large answer). Outside toJsonText the value serializes as itself.
 */
export function rememberJsonText(value: object, text: string): void {
  texts.set(value, text);
  Object.defineProperty(value, "toJSON", {
    enumerable: false,
    value(this: object) {
      if (collecting === null) return this;
      collecting.push(text);
      return MARKER + (collecting.length - 1);
    },
  });
}

// A marker no value of an answer can hold: U+0000 and a nonce chosen at start (serialized as `"\u0000json:<nonce>:<n>"`).
const NONCE = randomBytes(8).toString("hex");
const MARKER = `\u0000json:${NONCE}:`;
const QUOTED_MARKER = `\\u0000json:${NONCE}:`; // the marker as JSON writes it inside quotes
const MARKED = new RegExp(`"\\\\u0000json:${NONCE}:(\\d+)"`, "g");

/** The length of `value`'s JSON: its registered text's, else serialized. */
export const jsonLength = (value: unknown): number =>
  (value !== null && typeof value === "object" ? texts.get(value)?.length : undefined) ?? JSON.stringify(value)?.length ?? 0;

/** JSON.stringify(value), with registered parts spliced in as their text. */
export function toJsonText(value: unknown): string {
  const { text, parts } = markedJsonText(value);
  return parts.length ? splice(text, parts) : text;
}

/**
 * JSON of `value` with each registered part written as a quoted marker, and the parts' texts in order (spliced in by
 * `splice`); `markerPattern` finds a marker in that text. For answers that need the JSON with and without those parts.
 */
export function markedJsonText(value: unknown): { text: string; parts: string[] } {
  const parts: string[] = [];
  const outer = collecting;
  collecting = parts;
  try {
    return { text: JSON.stringify(value) ?? "", parts };
  } finally {
    collecting = outer;
  }
}

/** The length of the i-th marker as markedJsonText writes it, quotes included. */
export const markerLength = (i: number): number => QUOTED_MARKER.length + String(i).length + 2;

/** A marker as markedJsonText writes it, quoted (`"\\u0000json:<nonce>:<n>"`), as a RegExp source. */
export const markerPattern = `"\\\\u0000json:${NONCE}:\\d+"`;

/** The text with each marker (quoted, in order of `parts`) replaced by its part: indexOf over the text, not a RegExp (~3× faster on a find answer). */
export function splice(text: string, parts: string[]): string {
  const chunks: string[] = [];
  let from = 0;
  for (let i = 0; i < parts.length; i++) {
    const quoted = `"${QUOTED_MARKER}${i}"`;
    const at = text.indexOf(quoted, from);
    if (at < 0) return text.replace(MARKED, (_m, n: string) => parts[Number(n)]!); // not in order: the general way
    chunks.push(text.slice(from, at), parts[i]!);
    from = at + quoted.length;
  }
  chunks.push(text.slice(from));
  return chunks.join("");
}
