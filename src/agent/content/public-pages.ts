/**
 * The public content agents search and read, each page Markdown with a path: the docs (Markdown files in docs/,
 * docs/bench excluded), one page per catalog app (its tools and trigger types), and the purchasing skill guide.
 * Docs are read once per process; app pages are written when read.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { rootDir } from "../../db/paths.js";
import type { Catalog, CatalogApp } from "../../catalog/types.js";
import { appPage } from "./app-page.js";
import { skillGuide } from "../discovery/skill-guide.js";

export interface PublicPage {
  path: string;
  title: string;
  /** Text the search index reads (the page itself, or for app pages a summary). */
  indexText: string;
  /** App pages: the app's tool names, indexed as a field of their own. */
  toolNames?: string[];
  lastModified: Date;
  /** The page as Markdown. */
  markdown(): string;
}

const DOCS_DIR = join(rootDir, "docs");

interface DocFile {
  path: string;
  title: string;
  text: string;
  lastModified: Date;
}

let docs: DocFile[] | undefined;

/** The docs pages: docs/index.md is `/docs`, docs/<name>.md is `/docs/<name>`. */
export function docPages(): DocFile[] {
  docs ??= readdirSync(DOCS_DIR)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((file) => {
      const text = readFileSync(join(DOCS_DIR, file), "utf8");
      const slug = file.replace(/\.md$/, "");
      return { path: slug === "index" ? "/docs" : `/docs/${slug}`, title: /^# (.+)$/m.exec(text)?.[1]?.trim() ?? slug, text, lastModified: statSync(join(DOCS_DIR, file)).mtime };
    });
  return docs;
}

/** When the public content last changed: the newest doc, or the catalog build. */
export function contentLastModified(catalogBuiltAt: Date): Date {
  return new Date(Math.max(catalogBuiltAt.getTime(), ...docPages().map((d) => d.lastModified.getTime())));
}

export const SKILL_PATH = "/agent/skills/buy-products/SKILL.md";

export function allApps(catalog: Catalog): CatalogApp[] {
  const apps: CatalogApp[] = [];
  let cursor: string | undefined;
  do {
    const page = catalog.listApps({ limit: 200, cursor });
    apps.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return apps;
}

export function appPublicPage(catalog: Catalog, app: CatalogApp, builtAt: Date, baseUrl: string, toolNames: string[]): PublicPage {
  return {
    path: `/apps/${app.id}`,
    title: app.name,
    indexText: [app.name, app.id, app.categories.join(" "), app.description].join("\n"),
    toolNames,
    lastModified: builtAt,
    markdown: () => appPage(catalog, app, baseUrl),
  };
}

/** Every page but the app pages (there are thousands; see `appPublicPage`). */
export function fixedPages(agentUrl: string, lastModified: Date): PublicPage[] {
  const pages: PublicPage[] = docPages().map((d) => ({ path: d.path, title: d.title, indexText: d.text, lastModified: d.lastModified, markdown: () => d.text }));
  const skill = skillGuide(agentUrl);
  pages.push({ path: SKILL_PATH, title: "Buy a Patchbay subscription (skill guide)", indexText: skill, lastModified, markdown: () => skill });
  return pages;
}
