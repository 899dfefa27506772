import type { Handler, HandlerContext } from "../dispatch/types.js";
import { paged } from "../dispatch/types.js";
import type { Catalog, CatalogTool } from "../catalog/types.js";
import { findAnswerAsync, type FindAnswer, type FoundTool, type ToolVariant } from "../catalog/find/answer.js";
import { connectedAppIds } from "../domain/app-status.js";
import { notFound } from "../errors.js";
import type { CustomTool } from "../connectors/types.js";
import { customTool, isCustomApp, listCustomTools } from "../connectors/list-custom-tools.js";
import { findCustomTools } from "../connectors/find-custom-tools.js";
import { appOrThrow } from "./apps.js";
import { callerOf } from "./caller-of.js";

/** A tool as the API shows it: how it runs is reduced to its HTTP method and path (none for an MCP server's tool). */
export const toolView = (tool: CatalogTool | CustomTool) => ({
  name: tool.name,
  app: tool.app,
  description: tool.description,
  inputSchema: tool.inputSchema,
  http: tool.http ? { method: tool.http.method, path: tool.http.path, ...("baseUrl" in tool.http && tool.http.baseUrl ? { baseUrl: tool.http.baseUrl } : {}) } : null,
  scopes: tool.scopes,
});

/** A catalog tool, or a custom tool of the caller's account. */
export async function toolOrThrow(ctx: HandlerContext, name: string): Promise<CatalogTool | CustomTool> {
  const tool = ctx.services.catalog.getTool(name.toUpperCase()) ?? (await customTool(ctx.services, callerOf(ctx).accountId, name));
  if (!tool) throw notFound("tool", name);
  return tool;
}

/** GET /tools?app=: an app's tools with their input schemas. */
export const listTools: Handler<"listTools"> = async ({ query }, ctx) => {
  if (query?.app && isCustomApp(query.app)) {
    const page = await listCustomTools(ctx.services, callerOf(ctx).accountId, query.app, { limit: query.limit ?? 50, cursor: query.cursor });
    if (!page) throw notFound("app", query.app);
    return paged({ items: page.items.map(toolView), nextCursor: page.nextCursor });
  }
  if (query?.app) appOrThrow(ctx, query.app);
  const page = ctx.services.catalog.listTools({ app: query?.app, limit: query?.limit ?? 50, cursor: query?.cursor });
  return paged({ items: page.items.map(toolView), nextCursor: page.nextCursor });
};

/** GET /tools/{tool}. */
export const getTool: Handler<"getTool"> = async ({ path }, ctx) => toolView(await toolOrThrow(ctx, path.tool));

/** What a find asks: POST /tools/find's body (also the MCP `find_tools` arguments). */
export interface FindRequest {
  task: string;
  app?: string;
  limit?: number;
  includeDeprecated?: boolean;
}

/**
 * tools.find over the catalog alone, for no account: the catalog's ranking of the task, with the notice when the task
 * names an app the catalog lacks. POST /tools/find adds an account's connected apps and custom tools to it; the agent
 * host's anonymous `find_tools` answers with it as it is (`catalogFindResponse`).
 */
export function findCatalogTools(catalog: Catalog, body: FindRequest, connectedApps: string[] = []): Promise<FindAnswer> {
  if (body.app !== undefined && !catalog.getApp(body.app)) throw notFound("app", body.app);
  return findAnswerAsync(catalog, body.task, { app: body.app, limit: body.limit ?? 10, connectedApps, includeDeprecated: body.includeDeprecated });
}

/** The response of a find for no account (the agent host's anonymous `find_tools`): the same shape as POST /tools/find. */
export async function catalogFindResponse(catalog: Catalog, body: FindRequest) {
  const answer = await findCatalogTools(catalog, body);
  return { tools: answer.matches.map(foundToolView), ...(answer.notice ? { notice: answer.notice } : {}) };
}

/** A catalog tool by name, for no account (GET /tools/{tool} also reads the account's custom tools). */
export function catalogToolOrThrow(catalog: Catalog, name: string) {
  const tool = catalog.getTool(name.toUpperCase());
  if (!tool) throw notFound("tool", name);
  return toolView(tool);
}

/** POST /tools/find: tools ranked for a task in plain words; the account's connected apps first when relevant. */
export const findTools: Handler<"findTools"> = async ({ body }, ctx) => {
  const accountId = callerOf(ctx).accountId;
  const custom = body.app !== undefined && isCustomApp(body.app);
  const limit = body.limit ?? 10;
  const connectedApps = await connectedAppIds(ctx.services.db, accountId);
  // The catalog's part first: it refuses an app the catalog does not have (a custom app is the account's).
  const answer = custom ? { matches: [], notice: null } : await findCatalogTools(ctx.services.catalog, { ...body, limit }, connectedApps);
  const mine = await findCustomTools(ctx.services, accountId, body.task, { app: body.app, limit, connectedApps });
  if (custom && mine.length === 0 && !(await listCustomTools(ctx.services, accountId, body.app!, { limit: 1 }))) throw notFound("app", body.app!);
  // The account's own tools rank with the catalog's: both rankers scale scores to their best match.
  const matches: FoundTool[] = [...mine, ...answer.matches].sort((a, b) => b.score - a.score).slice(0, limit);
  // An app the task names that is not in the catalog may be one of the account's own connectors.
  return { tools: matches.map(foundToolView), ...(answer.notice && mine.length === 0 ? { notice: answer.notice } : {}) };
};

/** A find result: the tool with a short description, its score and why it matched (also the agent host's anonymous find_tools). */
export function foundToolView(m: { tool: CatalogTool | CustomTool; score: number; reasons: string[]; variants?: ToolVariant[] }) {
  const view = shortView(m.tool);
  const found = { name: view.name, app: view.app, description: view.description, inputSchema: view.inputSchema, http: view.http, scopes: view.scopes, score: Math.round(m.score * 1000) / 1000, reasons: m.reasons };
  return m.variants?.length ? { ...found, variants: m.variants } : found;
}

/**
 * A tool's view with its short description, made once per catalog tool (they are frozen, and a find shows the same
 * few tools again and again: cutting the description and building the view was ~6 % of a find's main-thread CPU).
 * An account's custom tools are read anew for each request and made each time.
 */
function shortView(tool: CatalogTool | CustomTool): ReturnType<typeof toolView> {
  const known = shortViews.get(tool);
  if (known !== undefined) return known;
  const view = Object.freeze({ ...toolView(tool), description: shortDescription(tool.description) });
  if (Object.isFrozen(tool)) shortViews.set(tool, view);
  return view;
}
const shortViews = new WeakMap<CatalogTool | CustomTool, ReturnType<typeof toolView>>();

/** Find results carry a short description (an agent reads many of them); GET /tools/{tool} has the whole text. */
export function shortDescription(text: string, max = 300): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = cut.lastIndexOf(". ");
  return sentence > max / 3 ? cut.slice(0, sentence + 1) : `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}
