/**
 * Ranked search over the public pages: BM25 over the catalog's own text analysis (src/catalog/find/analyze.ts:
 * words, stop words, the same stemmer), plus a boost for query words in the title. App pages carry their tools'
 * names as a field of their own (BM25 with its own length normalisation, so that an app with a thousand tools does
 * not drown its description), so that a tool's name or its words find the app. Built once per catalog, in memory
 * (about 2,200 pages and 115,000 tool names).
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
/** Weight of the tool-names field against the page's text. */
const TOOLS_WEIGHT = 1;
/** Tool names shown in a snippet when they are what matched. */
const SNIPPET_TOOLS = 3;

/** Terms of a text as written and in lower case, so that "GitHub" (git, hub) also gives "github", as typed in queries. */
const termsOf = (text: string) => [...terms(text), ...terms(text.toLowerCase()).filter((t, i, all) => all.indexOf(t) === i && !terms(text).includes(t))];

export interface ContentIndex {
  pages: PublicPage[];
  byPath: Map<string, PublicPage>;
  search(query: string): { page: PublicPage; score: number }[];
}

/** Term frequencies of a list of texts, and their total length in terms. */
function field(texts: string[], analyze: (text: string) => string[]): { tf: Map<string, number>; length: number } {
  const tf = new Map<string, number>();
  let length = 0;
  for (const text of texts) {
    for (const t of analyze(text)) {
      tf.set(t, (tf.get(t) ?? 0) + 1);
      length++;
    }
  }
  return { tf, length };
}

/** BM25's term-frequency part, length-normalised against the field's average. */
const saturated = (f: number, length: number, average: number) => (f * (K1 + 1)) / (f + K1 * (1 - B + (B * length) / average));

export function buildContentIndex(pages: PublicPage[]): ContentIndex {
  const docs = pages.map((page) => ({
    page,
    body: field(page.indexText.split("\n"), termsOf),
    // Tool names are identifiers (GITHUB_CREATE_AN_ISSUE): the plain analysis gives their words.
    tools: field(page.toolNames ?? [], terms),
    title: new Set(termsOf(page.title)),
  }));
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set([...d.body.tf.keys(), ...d.tools.tf.keys(), ...d.title])) df.set(t, (df.get(t) ?? 0) + 1);
  const average = (lengths: number[]) => Math.max(1, lengths.reduce((s, l) => s + l, 0) / Math.max(1, lengths.length));
  const avgBody = average(docs.map((d) => d.body.length));
  const avgTools = average(docs.filter((d) => d.tools.length).map((d) => d.tools.length));
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
          const f = d.body.tf.get(t) ?? 0;
          const ft = d.tools.tf.get(t) ?? 0;
          const inTitle = d.title.has(t);
          if (!f && !ft && !inTitle) continue;
          const idf = Math.log(1 + (n - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
          // A term scores in the text or in the tool names, whichever is better, not both: tool names find an app whose
          // text lacks the words, without lifting every app above the docs for words both carry.
          score += idf * (Math.max(saturated(f, d.body.length, avgBody), TOOLS_WEIGHT * saturated(ft, d.tools.length, avgTools)) + (inTitle ? TITLE_BOOST * coverage : 0));
        }
        if (score > 0) hits.push({ page: d.page, score: Math.round(score * 1000) / 1000 });
      }
      return hits.sort((a, b) => b.score - a.score || a.page.path.localeCompare(b.page.path));
    },
  };
}

/**
 * The line that holds the most query terms, plain (Markdown marks removed), at most ~240 characters; when the
 * app's tool names hold more than any line of the text, those names.
 */
export function snippetOf(page: PublicPage, query: string): string {
  const wanted = new Set(terms(query));
  const matched = (text: string, analyze: (t: string) => string[] = terms) => new Set(analyze(text).filter((t) => wanted.has(t))).size;
  const lines = page.indexText.split("\n").map((l) => l.replace(/[#*`|>]/g, " ").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/\s+/g, " ").trim()).filter(Boolean);
  let best = lines.find((l) => l !== page.title) ?? page.title;
  let bestCount = 0;
  for (const line of lines) {
    const count = matched(line);
    if (count > bestCount) [best, bestCount] = [line, count];
  }
  // Analysing a name costs more than a substring test (a stem is a prefix of its word): names that cannot beat the
  // best line are skipped unanalysed, which keeps a page of a thousand tools cheap.
  const stems = [...wanted];
  const tools = (page.toolNames ?? [])
    .filter((name) => stems.filter((t) => name.toLowerCase().includes(t)).length > bestCount)
    .map((name) => ({ name, count: matched(name) }))
    .filter((t) => t.count > bestCount);
  if (tools.length) {
    const top = Math.max(...tools.map((t) => t.count));
    const exact = query.trim().toUpperCase();
    const shown = tools.filter((t) => t.count === top).sort((a, b) => Number(b.name === exact) - Number(a.name === exact));
    best = `Tools: ${shown.slice(0, SNIPPET_TOOLS).map((t) => t.name).join(", ")}`;
  }
  return best.length > 240 ? `${best.slice(0, 237)}...` : best;
}
