/**
 * One public page by path, or by its full URL on this host (never another host's). Its ETag is a hash of the
 * Markdown, so it changes exactly when the text does.
 */
import { createHash } from "node:crypto";
import { ApiError, invalid } from "../../errors.js";
import type { PublicContent } from "./open-content.js";

export interface ReadPage {
  path: string;
  url: string;
  title: string;
  contentType: string;
  lastModified: string;
  content: string;
  etag: string;
}

export function readContent(content: PublicContent, agentUrl: string, where: { path?: string; url?: string }): ReadPage {
  const path = pathOf(agentUrl, where);
  const page = content.index.byPath.get(path.replace(/\/+$/, "") || "/docs");
  if (!page) throw new ApiError("not_found", `No public page at ${path.slice(0, 200)}. Search with /agent/search, or start at /docs.`);
  const markdown = page.markdown();
  return {
    path: page.path,
    url: `${agentUrl}${page.path}`,
    title: page.title,
    contentType: "text/markdown",
    lastModified: page.lastModified.toISOString(),
    content: markdown,
    etag: `"${createHash("sha256").update(markdown).digest("base64url").slice(0, 27)}"`,
  };
}

function pathOf(agentUrl: string, { path, url }: { path?: string; url?: string }): string {
  if ((path === undefined) === (url === undefined)) throw invalid("give exactly one of query.path and query.url");
  if (path !== undefined) return path;
  let parsed: URL;
  try {
    parsed = new URL(url!);
  } catch {
    throw invalid("query.url must be an absolute URL on this host");
  }
  const own = new URL(agentUrl);
  if (parsed.origin !== own.origin) throw invalid(`query.url must be on this host (${own.origin}); other sites are not read`);
  try {
    return decodeURIComponent(parsed.pathname);
  } catch {
    throw invalid("query.url has a malformed %-escape in its path");
  }
}
