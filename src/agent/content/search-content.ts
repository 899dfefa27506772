/** Search the public content: ranked hits, a page at a time, with an opaque cursor bound to the query. */
import { createHash } from "node:crypto";
import { decodeCursor, encodeCursor } from "../../catalog/cursor.js";
import type { PublicContent } from "./open-content.js";
import { snippetOf } from "./content-index.js";

export interface SearchPage {
  results: { path: string; url: string; title: string; snippet: string; score: number }[];
  nextCursor: string | null;
}

export function searchContent(content: PublicContent, agentUrl: string, query: string, limit: number, cursor?: string): SearchPage {
  const q = createHash("sha256").update(query).digest("base64url").slice(0, 12);
  const start = cursor ? decodeCursor(cursor, { q }) : 0;
  const hits = content.index.search(query);
  const page = hits.slice(start, start + limit);
  return {
    results: page.map(({ page: p, score }) => ({ path: p.path, url: `${agentUrl}${p.path}`, title: p.title, snippet: snippetOf(p, query), score })),
    nextCursor: start + limit < hits.length ? encodeCursor({ i: start + limit, q }) : null,
  };
}
