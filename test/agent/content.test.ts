/** The agent host's public content: site description, ranked search with cursors, read by path or URL, pages for people. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.stop());

describe("GET /agent/search", () => {
  it("refuses a missing or empty query with 400 naming q", async () => {
    const res = await server.call("GET", "/agent/search", { key: null });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("q");
    expect((await server.call("GET", "/agent/search?q=", { key: null })).status).toBe(400);
  });

  it("refuses a cursor made for another query with 400 naming cursor", async () => {
    const first = await server.call("GET", "/agent/search?q=github&limit=1", { key: null });
    expect(first.body.nextCursor).toBeTruthy();
    const res = await server.call("GET", `/agent/search?q=stripe&cursor=${first.body.nextCursor}`, { key: null });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("cursor");
    expect((await server.call("GET", "/agent/search?q=x&cursor=%%%", { key: null })).status).toBe(400);
  });

  it("ranks the app page first for an app's name, with a snippet, path and URL", async () => {
    const res = await server.call("GET", "/agent/search?q=github", { key: null });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ path: "/apps/github", url: `${server.service.services.config.agentUrl}/apps/github` });
    expect(res.body.results[0].snippet.length).toBeGreaterThan(0);
    const scores = res.body.results.map((r: { score: number }) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("finds an app page by one of its tools' names, that tool first in the snippet", async () => {
    const { key } = await server.newAccount();
    const tools = (await server.call("GET", "/api/v1/tools?app=slack&limit=100", { key })).body as { name: string }[];
    const tool = tools.find((t) => t.name.split("_").length >= 4)!;
    const res = await server.call("GET", `/agent/search?q=${tool.name}`, { key: null });
    expect(res.body.results[0].path).toBe("/apps/slack");
    expect(res.body.results[0].snippet).toMatch(new RegExp(`^Tools: ${tool.name}\\b`));
  });

  it("finds an app page by the words of its tools' names, which its own text lacks", async () => {
    const { key } = await server.newAccount();
    const app = (await server.call("GET", "/api/v1/apps/slack", { key })).body as { name: string; description: string; categories: string[] };
    const text = `${app.name} ${app.description} ${app.categories.join(" ")}`.toLowerCase();
    const tools = (await server.call("GET", "/api/v1/tools?app=slack&limit=200", { key })).body as { name: string }[];
    // A tool whose words (without the app's prefix) are not in the app's description: only its name can find it.
    const words = tools.map((t) => t.name.split("_").slice(1).map((w) => w.toLowerCase())).find((ws) => ws.length >= 2 && ws.every((w) => w.length > 3 && !text.includes(w)))!;
    expect(words).toBeDefined();
    const res = await server.call("GET", `/agent/search?q=${encodeURIComponent(words.join(" "))}&limit=50`, { key: null });
    const hit = res.body.results.find((r: { path: string }) => r.path === "/apps/slack");
    expect(hit?.snippet).toMatch(/^Tools: SLACK_/);
  });

  it("finds the docs: the quick start for 'quick start', the skill guide for buying", async () => {
    expect((await server.call("GET", "/agent/search?q=quick%20start", { key: null })).body.results[0].path).toBe("/docs/quick-start");
    const buy = await server.call("GET", "/agent/search?q=buy%20subscription%20checkout", { key: null });
    expect(buy.body.results.slice(0, 3).map((r: { path: string }) => r.path)).toContain("/agent/skills/buy-products/SKILL.md");
  });

  it("pages with cursors: the second page continues the first without repeats", async () => {
    const first = await server.call("GET", "/agent/search?q=email&limit=3", { key: null });
    expect(first.body.results).toHaveLength(3);
    expect(first.headers.get("patchbay-next-cursor")).toBe(first.body.nextCursor);
    const second = await server.call("GET", `/agent/search?q=email&limit=3&cursor=${first.body.nextCursor}`, { key: null });
    const all = [...first.body.results, ...second.body.results].map((r: { path: string }) => r.path);
    expect(new Set(all).size).toBe(all.length);
    const both = await server.call("GET", "/agent/search?q=email&limit=6", { key: null });
    expect(both.body.results.map((r: { path: string }) => r.path)).toEqual(all);
  });

  it("answers an empty list, not an error, when nothing matches", async () => {
    const res = await server.call("GET", "/agent/search?q=zzqxvvnothing", { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ query: "zzqxvvnothing", results: [], nextCursor: null });
  });
});

describe("GET /agent/read", () => {
  it("answers 404 for a path that is no public page", async () => {
    const res = await server.call("GET", "/agent/read?path=/nope", { key: null });
    expect(res.status).toBe(404);
    expect((await server.call("GET", "/agent/read?path=/apps/not-an-app-at-all", { key: null })).status).toBe(404);
  });

  it("refuses a URL on another host, and neither or both of path and url, with 400", async () => {
    expect((await server.call("GET", "/agent/read?url=https://example.com/docs", { key: null })).status).toBe(400);
    expect((await server.call("GET", "/agent/read", { key: null })).status).toBe(400);
    expect((await server.call("GET", "/agent/read?path=/docs&url=/docs", { key: null })).status).toBe(400);
    expect((await server.call("GET", "/agent/read?url=not-a-url", { key: null })).status).toBe(400);
  });

  it("reads a docs page as Markdown with title, canonical URL, Last-Modified and ETag; 304 on a matching If-None-Match", async () => {
    const res = await server.call("GET", "/agent/read?path=/docs/quick-start", { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ path: "/docs/quick-start", title: "Quick start", contentType: "text/markdown", url: `${server.service.services.config.agentUrl}/docs/quick-start` });
    expect(res.body.content).toMatch(/^# Quick start/);
    expect(new Date(res.headers.get("last-modified")!).getTime()).not.toBeNaN();
    const etag = res.headers.get("etag")!;
    const again = await server.call("GET", "/agent/read?path=/docs/quick-start", { key: null, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("reads by full URL on this host, and an app page lists its tools and trigger types", async () => {
    const res = await server.call("GET", `/agent/read?url=${encodeURIComponent(server.service.services.config.agentUrl + "/apps/github")}`, { key: null });
    expect(res.status).toBe(200);
    expect(res.body.content).toContain("GITHUB_ACTIONS_CANCEL_WORKFLOW_RUN");
    expect(res.body.content).toContain("github.push");
    expect(res.body.content).toContain("## Trigger types");
  });
});

describe("GET /agent/site.json", () => {
  it("names the sections, the endpoints, the MCP URL, the purchase flow, contact and last-modified", async () => {
    const res = await server.call("GET", "/agent/site.json", { key: null });
    expect(res.status).toBe(200);
    const agentUrl = server.service.services.config.agentUrl;
    expect(res.body.url).toBe(agentUrl);
    expect(res.body.mcp.url).toBe(`${agentUrl}/mcp`);
    expect(res.body.sections.map((s: { path: string }) => s.path)).toEqual(expect.arrayContaining(["/docs", "/docs/quick-start", "/docs/pricing"]));
    expect(res.body.purchase.skill).toBe(`${agentUrl}/agent/skills/buy-products/SKILL.md`);
    expect(new Date(res.body.lastModified).getTime()).not.toBeNaN();
    expect(res.body.access.requestsPerSecond).toBe(1000);
  });
});

describe("pages for people", () => {
  it("answers 404 in the error shape for an unknown app page", async () => {
    const res = await fetch(`${server.url}/apps/not-an-app-at-all`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
  });

  it("serves /apps/<id> and /docs as HTML with the same text the agent reads, escaped", async () => {
    const res = await fetch(`${server.url}/apps/github`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("<h1>GitHub</h1>");
    expect(html).toContain("<code>GITHUB_ACTIONS_CANCEL_WORKFLOW_RUN</code>");
    expect(html).not.toMatch(/<script/i);
    expect((await fetch(`${server.url}/docs`)).status).toBe(200);
    const md = await fetch(`${server.url}/docs/quick-start.md`);
    expect(md.headers.get("content-type")).toContain("text/markdown");
    expect(await md.text()).toMatch(/^# Quick start/);
  });

  it("lists every page in /sitemap.xml", async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.headers.get("content-type")).toContain("xml");
    const xml = await res.text();
    const agentUrl = server.service.services.config.agentUrl;
    expect(xml).toContain(`<loc>${agentUrl}/apps/github</loc>`);
    expect(xml).toContain(`<loc>${agentUrl}/docs/quick-start</loc>`);
    // Every app page, every docs page (docs/*.md) and the skill guide.
    const docs = readdirSync(join(import.meta.dirname, "../../docs")).filter((f) => f.endsWith(".md")).length;
    expect(xml.match(/<url>/g)!.length).toBe(server.service.services.catalog.stats().apps + docs + 1);
  });
});
