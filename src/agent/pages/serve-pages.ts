/**
 * The public pages for people, the same content agents read: `/docs` and `/docs/<name>` (HTML, and as Markdown with
 * `.md`), `/apps` and `/apps/<id>`, the skill guide, and `/sitemap.xml` listing them. GET and HEAD only.
 */
import type Koa from "koa";
import type { Services } from "../../services.js";
import { escapeHtml } from "../../connect/pages/page.js";
import { publicContent } from "../content/open-content.js";
import { readContent } from "../content/read-content.js";
import { markdownToHtml } from "./markdown-html.js";

/** Whether a path is one of these pages (the agent door routes them here, and rate limits them). */
export const isPublicPagePath = (path: string) => path === "/sitemap.xml" || path === "/apps" || /^\/docs(\/[a-z0-9-]+)?(\.md)?$/.test(path) || /^\/apps\/[^/]+$/.test(path);

export async function servePage(ctx: Koa.Context, services: Services): Promise<void> {
  const content = publicContent(services);
  const agentUrl = services.config.agentUrl;
  if (ctx.path === "/sitemap.xml") {
    const urls = content.index.pages.map((p) => `<url><loc>${escapeHtml(agentUrl + p.path)}</loc><lastmod>${p.lastModified.toISOString().slice(0, 10)}</lastmod></url>`);
    ctx.type = "application/xml";
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return;
  }
  if (ctx.path === "/apps") {
    const apps = content.index.pages.filter((p) => p.path.startsWith("/apps/"));
    ctx.type = "text/html";
    ctx.body = frame("App catalog", `<h1>App catalog</h1><p>${apps.length} apps.</p><ul>${apps.map((p) => `<li><a href="${escapeHtml(p.path)}">${escapeHtml(p.title)}</a></li>`).join("")}</ul>`);
    return;
  }
  const asMarkdown = ctx.path.endsWith(".md");
  const page = readContent(content, agentUrl, { path: asMarkdown ? ctx.path.slice(0, -3) : decodeURIComponentSafe(ctx.path) });
  ctx.set("ETag", page.etag);
  ctx.set("Last-Modified", new Date(page.lastModified).toUTCString());
  ctx.set("Link", `<${page.url}>; rel="canonical"`);
  if (asMarkdown) {
    ctx.type = "text/markdown; charset=utf-8";
    ctx.body = page.content;
    return;
  }
  ctx.type = "text/html";
  ctx.body = frame(page.title, markdownToHtml(page.content));
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function frame(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Patchbay</title>
<style>
  body { font: 16px/1.55 system-ui, sans-serif; color: #1d232b; margin: 0; background: #f5f6f8; }
  main { max-width: 52rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2.25rem; border-radius: 12px; box-shadow: 0 1px 3px #0002; }
  pre { background: #f0f2f5; padding: .75rem; overflow-x: auto; border-radius: 6px; }
  code { font-size: .92em; } table { border-collapse: collapse; } td, th { border: 1px solid #d6dae0; padding: .25rem .5rem; text-align: left; vertical-align: top; }
  nav { font-size: .9rem; margin-bottom: 1rem; }
</style>
</head>
<body><main>
<nav><a href="/docs">Docs</a> · <a href="/docs/reference"><strong>API reference, MCP set-up, webhooks</strong></a> · <a href="/apps">Apps</a> · <a href="/docs/pricing">Pricing</a> · <a href="/llms.txt">llms.txt</a></nav>
${body}
</main></body>
</html>`;
}
