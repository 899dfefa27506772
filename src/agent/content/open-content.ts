/** The public content of a running service, built on first use and kept for the life of its catalog. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Services } from "../../services.js";
import type { Catalog } from "../../catalog/types.js";
import { buildContentIndex, type ContentIndex } from "./content-index.js";
import { allApps, appPublicPage, contentLastModified, fixedPages } from "./public-pages.js";

export interface PublicContent {
  index: ContentIndex;
  /** When the content last changed (newest doc or catalog build). */
  lastModified: Date;
}

const opened = new WeakMap<Catalog, PublicContent>();

export function publicContent(services: Services): PublicContent {
  let content = opened.get(services.catalog);
  if (!content) {
    const builtAt = catalogBuiltAt(services.config.catalogDir);
    const lastModified = contentLastModified(builtAt);
    const apps = allApps(services.catalog);
    const pages = [...fixedPages(services.config.agentUrl, lastModified), ...apps.map((app) => appPublicPage(services.catalog, app, builtAt, services.config.baseUrl, services.catalog.toolNames(app.id)))];
    content = { index: buildContentIndex(pages), lastModified };
    opened.set(services.catalog, content);
  }
  return content;
}

function catalogBuiltAt(dir: string): Date {
  try {
    const at = new Date((JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as { builtAt: string }).builtAt);
    return Number.isNaN(at.getTime()) ? new Date(0) : at;
  } catch {
    return new Date(0);
  }
}
