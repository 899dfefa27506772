/**
 * Ranked search over the public pages: BM25 over the catalog's own text analysis (src/catalog/find/analyze.ts:
 * words, stop words, the same stemmer), plus a boost for query words in the title. Built once per catalog, in memory
 * (about 2,200 pages).
 */
import { terms } from "../../catalog/find/analyze.js";
import type { PublicPage } from "./public-pages.js";

const K1 = 1.2;
const B = 0.75;
/**
 * A query word in the title adds up to this many times its idf, in proportion to how much of the title the query
 * covers: the page named for what is asked ("github" → GitHub) comes before pages that merely mention it.
 */
const TITLE_BOOST = 3;

/** Terms of a text as written and in lower case, so that "GitHub" (git, hub) also gives "github", as typed in queries. */
const termsOf = (text: string) => [...terms(text), ...terms(text.toLowerCase()).filter((t, i, all) => all.indexOf(t) === i && !terms(text).includes(t))];

export interface ContentIndex {
  pages: PublicPage[];
  byPath: Map<string, PublicPage>;
  search(query: string): { page: PublicPage; score: number }[];
}

export function buildContentIndex(pages: PublicPage[]): ContentIndex {
  const docs = pages.map((page) => {
    const tf = new Map<string, number>();
    const body = page.indexText.split("\n").flatMap(termsOf);
    for (const t of body) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { page, tf, title: new Set(termsOf(page.title)), length: body.length };
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set([...d.tf.keys(), ...d.title])) df.set(t, (df.get(t) ?? 0) + 1);
  const avg = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length);
  const n = docs.length;
  return {
    pages,
    byPath: new Map(pages.map((p) => [p.path, p])),
    search(query) {
      const wanted = [...new Set(termsOf(query))];
      if (!wanted.length) return [];
      const hits: { page: PublicPage; score: number }[] = [];
      for (const d of docs) {
        const coverage = d.title.size ? wanted.filter((t) => d.title.has(t)).length / d.title.size : 0;
        let score = 0;
        for (const t of wanted) {
          const f = d.tf.get(t) ?? 0;
          const inTitle = d.title.has(t);
          if (!f && !inTitle) continue;
          const idf = Math.log(1 + (n - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
          score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avg)) + (inTitle ? TITLE_BOOST * idf * coverage : 0);
        }
        if (score > 0) hits.push({ page: d.page, score: Math.round(score * 1000) / 1000 });
      }
      return hits.sort((a, b) => b.score - a.score || a.page.path.localeCompare(b.page.path));
    },
  };
}

/** The text around the first line that holds a query term, plain (Markdown marks removed), at most ~240 characters. */
export function snippetOf(page: PublicPage, query: string): string {
  const wanted = new Set(terms(query));
  const lines = page.indexText.split("\n").map((l) => l.replace(/[#*`|>]/g, " ").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/\s+/g, " ").trim()).filter(Boolean);
  const line = lines.find((l) => terms(l).some((t) => wanted.has(t))) ?? lines.find((l) => l !== page.title) ?? page.title;
  return line.length > 240 ? `${line.slice(0, 237)}...` : line;
}
