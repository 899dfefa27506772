import type { Handler, HandlerContext } from "../dispatch/types.js";
import { paged } from "../dispatch/types.js";
import type { CatalogTool } from "../catalog/types.js";
import { connectedAppIds } from "../domain/app-status.js";
import { notFound } from "../errors.js";
import { appOrThrow } from "./apps.js";
import { callerOf } from "./caller-of.js";

/** A catalog tool as the API shows it: how it runs is reduced to its HTTP method and path. */
export const toolView = (tool: CatalogTool) => ({
  name: tool.name,
  app: tool.app,
  description: tool.description,
  inputSchema: tool.inputSchema,
  http: { method: tool.http.method, path: tool.http.path },
  scopes: tool.scopes,
});

export function toolOrThrow(ctx: HandlerContext, name: string) {
  const tool = ctx.services.catalog.getTool(name.toUpperCase());
  if (!tool) throw notFound("tool", name);
  return tool;
}

/** GET /tools?app=: an app's tools with their input schemas. */
export const listTools: Handler<"listTools"> = async ({ query }, ctx) => {
  if (query?.app) appOrThrow(ctx, query.app);
  const page = ctx.services.catalog.listTools({ app: query?.app, limit: query?.limit ?? 50, cursor: query?.cursor });
  return paged({ items: page.items.map(toolView), nextCursor: page.nextCursor });
};

/** GET /tools/{tool}. */
export const getTool: Handler<"getTool"> = async ({ path }, ctx) => toolView(toolOrThrow(ctx, path.tool));

/** POST /tools/find: tools ranked for a task in plain words; the account's connected apps first when relevant. */
export const findTools: Handler<"findTools"> = async ({ body }, ctx) => {
  if (body.app) appOrThrow(ctx, body.app);
  const connectedApps = await connectedAppIds(ctx.services.db, callerOf(ctx).accountId);
  const matches = ctx.services.catalog.findTools(body.task, { app: body.app, limit: body.limit ?? 10, connectedApps });
  return {
    tools: matches.map((m) => ({ ...toolView(m.tool), description: shortDescription(m.tool.description), score: Math.round(m.score * 1000) / 1000, reasons: m.reasons })),
  };
};

/** Find results carry a short description (an agent reads many of them); GET /tools/{tool} has the whole text. */
export function shortDescription(text: string, max = 300): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = cut.lastIndexOf(". ");
  return sentence > max / 3 ? cut.slice(0, sentence + 1) : `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}
