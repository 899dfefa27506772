/**
 * tools.find over an account's custom tools: the catalog's own index builder and ranker, run over the account's
 * tools (kept per account until a connector is added, refreshed or deleted). The ranker scales its scores to the
 * best match of each search, so they merge with the catalog's results by score.
 */
import type { Services } from "../services.js";
import type { CatalogApp, CatalogTool, FindOptions, ToolMatch } from "../catalog/types.js";
import { buildSearchIndex, SearchIndexBuilder } from "../catalog/find/search-index.js";
import { createFinder } from "../catalog/find/find-tools.js";
import type { CustomTool } from "./types.js";
import { accountTools, connectorVersions } from "./store/connectors.js";

type Finder = (task: string, opts: FindOptions) => ToolMatch[];
const finders = new Map<string, { version: string; find: Finder | null }>();
const MAX_CACHED_ACCOUNTS = 500;

export async function findCustomTools(services: Services, accountId: string, task: string, opts: FindOptions): Promise<ToolMatch[]> {
  const versions = await connectorVersions(services.db, accountId);
  if (versions.length === 0) return [];
  const version = versions.map((v) => `${v.id}@${v.refreshedAt.getTime()}`).join(",");
  let cached = finders.get(accountId);
  if (!cached || cached.version !== version) {
    const tools = await accountTools(services.db, accountId);
    cached = { version, find: tools.length ? finderOver(tools) : null };
    if (finders.size >= MAX_CACHED_ACCOUNTS) finders.delete(finders.keys().next().value!);
    finders.set(accountId, cached);
  }
  return cached.find ? cached.find(task, opts) : [];
}

function finderOver(tools: CustomTool[]): Finder {
  const byApp = new Map<string, CustomTool[]>();
  for (const t of tools) byApp.set(t.app, [...(byApp.get(t.app) ?? []), t]);
  const builder = new SearchIndexBuilder();
  const apps: CatalogApp[] = [];
  const ordered: CustomTool[] = [];
  for (const [appId, list] of byApp) {
    const app: CatalogApp = { id: appId, name: appId, description: "", categories: [], baseUrl: "", auth: [], toolCount: list.length, logoUrl: null, docsUrl: null };
    apps.push(app);
    // MCP tools have no HTTP operation; their server-side name stands in for a path in the index.
    builder.addApp(app, list.map((t) => ({ ...t, http: t.http ?? { method: "POST", path: `/${t.mcpName ?? ""}`, params: [], bodyMode: null, contentType: null } })), appId);
    ordered.push(...list);
  }
  return createFinder(buildSearchIndex(builder), apps, (i) => ordered[i] as unknown as CatalogTool);
}
