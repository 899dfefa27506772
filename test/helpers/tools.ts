import type { Catalog, CatalogTool } from "../../src/catalog/types.js";

/** The catalog tool of an app that runs `method path` (tests name operations as the published description does). */
export function toolByHttp(catalog: Catalog, app: string, method: string, path: string): CatalogTool {
  let cursor: string | undefined;
  do {
    const page = catalog.listTools({ app, limit: 200, cursor });
    const hit = page.items.find((t) => t.http.method === method && t.http.path === path);
    if (hit) return catalog.getTool(hit.name)!;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  throw new Error(`no ${app} tool for ${method} ${path}`);
}
