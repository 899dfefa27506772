/**
 * JSON text of an answer whose large, immutable parts were read from disk as JSON text: a catalog tool's input schema
 * is registered with the text it was parsed from (`rememberJsonText`), and an answer holding it gets that text spliced
 * in instead of serializing the schema again. A find answer is mostly its tools' schemas (~30 kB for ten), and
 * serializing them was ~10 % of the request's CPU; the list of an app's tools is the same, a hundred at a time.
 * The text is the catalog's own compact JSON of the same value, so the answer is the same JSON either way.
 */
import { randomBytes } from "node:crypto";

/** A registered value's JSON text, and its UTF-8 bytes once an answer has been written as bytes with it. */
interface Registered {
  readonly text: string;
  bytes: Buffer | null;
}

const texts = new WeakMap<object, Registered>();

/** The parts of the answer being serialized by toJsonText (null outside it: a plain JSON.stringify sees plain values). */
let collecting: Registered[] | null = null;

/**
 * Registers `text` as the JSON of `value`, which must never change (catalog tools are frozen) and must not be frozen
 * yet: it gets a hidden `toJSON`, through which toJsonText finds it. JSON.stringify calls a value's own toJSON and
 * nothing of ours for every other value (a replacer function was called for each value of every answer, registered
 * or not: measured ~3 % of a proxied call, more on a large answer). Outside toJsonText the value serializes as itself.
 */
export function rememberJsonText(value: object, text: string): void {
  const entry: Registered = { text, bytes: null };
  texts.set(value, entry);
  Object.defineProperty(value, "toJSON", {
    enumerable: false,
    value(this: object) {
      if (collecting === null) return this;
      collecting.push(entry);
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
  (value !== null && typeof value === "object" ? texts.get(value)?.text.length : undefined) ?? JSON.stringify(value)?.length ?? 0;

/** JSON.stringify(value), with registered parts spliced in as their text. */
export function toJsonText(value: unknown): string {
  const { text, parts } = markedJsonText(value);
  return parts.length ? splice(text, parts) : text;
}

/**
 * Past this many characters, an answer with registered parts is written as bytes (toJsonBody). Spliced into one
 * string, a find answer (~75 kB, two bytes a character once one description holds a character past Latin-1) was
 * copied three times on its way out (joined, then flattened with the response head and encoded by Node) and each
 * copy was a large object that V8 maps and unmaps: measured ~30 % of the CPU of a find with no app named.
 */
const BYTES_FROM = 16 * 1024;

/**
 * The answer's JSON as an HTTP body: text when it is small (Node then writes head and body in one write), else its
 * UTF-8 bytes, written once into one buffer with each registered part's bytes copied in (encoded once per part).
 */
export function toJsonBody(value: unknown): string | Buffer {
  const { text, entries } = marked(value);
  if (!entries.length) return text;
  const parts = entries.map((e) => e.text);
  if (splicedLength(text, parts) <= BYTES_FROM) return splice(text, parts);
  return spliceBytes(text, entries) ?? Buffer.from(splice(text, parts));
}

/**
 * JSON of `value` with each registered part written as a quoted marker, and the parts' texts in order (spliced in by
 * `splice`); `markerPattern` finds a marker in that text. For answers that need the JSON with and without those parts.
 */
export function markedJsonText(value: unknown): { text: string; parts: string[] } {
  const { text, entries } = marked(value);
  return { text, parts: entries.map((e) => e.text) };
}

function marked(value: unknown): { text: string; entries: Registered[] } {
  const entries: Registered[] = [];
  const outer = collecting;
  collecting = entries;
  try {
    return { text: JSON.stringify(value) ?? "", entries };
  } finally {
    collecting = outer;
  }
}

/** The text's bytes with each marker replaced by its part's bytes, or null when the markers are not in order (splice's general way then). */
function spliceBytes(text: string, entries: Registered[]): Buffer | null {
  let room = text.length * 3; // at most three bytes of UTF-8 per UTF-16 unit
  for (const entry of entries) room += (entry.bytes ??= Buffer.from(entry.text, "utf8")).length;
  const out = Buffer.allocUnsafe(room);
  let size = 0;
  let from = 0;
  for (let i = 0; i < entries.length; i++) {
    const quoted = `"${QUOTED_MARKER}${i}"`;
    const at = text.indexOf(quoted, from);
    if (at < 0) return null;
    size += out.write(text.slice(from, at), size, "utf8");
    size += entries[i]!.bytes!.copy(out, size);
    from = at + quoted.length;
  }
  size += out.write(text.slice(from), size, "utf8");
  return out.subarray(0, size);
}

/** The length of the i-th marker as markedJsonText writes it, quotes included. */
const markerLength = (i: number): number => QUOTED_MARKER.length + String(i).length + 2;

/** The length of the marked text once its parts are spliced in, without splicing them. */
export function splicedLength(text: string, parts: string[]): number {
  let whole = text.length;
  parts.forEach((part, i) => (whole += part.length - markerLength(i)));
  return whole;
}

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
