/** Plain-text helpers for descriptions taken from published API descriptions (HTML and Markdown inside). */

import { splitWords } from "../find/analyze.js";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Strips HTML tags, Markdown links/emphasis and collapses whitespace. */
export function plainText(input: unknown): string {
  if (typeof input !== "string" || input === "") return "";
  let s = input;
  s = s.replace(/<br\s*\/?>|<\/p>|<\/li>/gi, " ");
  s = s.replace(/<[^>]{0,400}>/g, "");
  s = s.replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, e: string) => ENTITIES[e] ?? " ");
  s = s.replace(/!\[[^\]]*\]\([^)]*\)/g, "");
  s = s.replace(/\[([^\]]+)\]\([^)]*\)/g, "$1");
  s = s.replace(/`{1,3}/g, "");
  s = s.replace(/(\*\*|__)(.+?)\1/g, "$2");
  s = s.replace(/^#+\s*/gm, "");
  s = s.replace(/\s+/g, " ").trim();
  return s;
}

/** Cuts text to at most `max` characters, at a sentence end when one is near, else at a word boundary. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = cut.lastIndexOf(". ");
  if (sentence > max * 0.6) return cut.slice(0, sentence + 1);
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.6 ? cut.slice(0, space) : cut.slice(0, max - 1)).replace(/[\s,;:.-]+$/, "") + "…";
}

/** First sentence of a text (up to `max` characters). */
export function firstSentence(text: string, max = 200): string {
  const m = /^(.+?[.!?])(\s|$)/.exec(text);
  return clip(m ? m[1]! : text, max);
}

/** Splits an identifier or phrase into lowercase words: `listForAuthenticatedUser` → list, for, authenticated, user. */
export function words(input: string): string[] {
  // "APIs" is one word, not "AP" + "Is"; the rest is the search index's own word splitting.
  return splitWords(input.replace(/APIs\b/g, "Apis"));
}

/** Lowercase slug of `[a-z0-9_]`, no leading, trailing or doubled underscores. */
export function slug(input: string): string {
  return words(input).join("_");
}

/** Short, stable hash (base36) of a string: FNV-1a 32-bit. */
export function shortHash(input: string, length = 6): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(7, "0").slice(-length);
}
