import type { Handler, HandlerContext } from "../dispatch/types.js";
import { paged } from "../dispatch/types.js";
import { withConnectionStatus } from "../domain/app-status.js";
import { notFound } from "../errors.js";
import { operatorAppSettings } from "../domain/operator-app-settings.js";
import { callerOf } from "./caller-of.js";

/** GET /apps: apps with the account's connection status. */
export const listApps: Handler<"listApps"> = async ({ query }, ctx) => {
  const page = ctx.services.catalog.listApps({ search: query?.search, category: query?.category, limit: query?.limit ?? 50, cursor: query?.cursor, includeDeprecated: query?.includeDeprecated });
  return paged({ items: await withConnectionStatus(ctx.services.db, callerOf(ctx).accountId, page.items), nextCursor: page.nextCursor });
};

/** GET /apps/{app}: with what the operator set for it (never the client secret). */
export const getApp: Handler<"getApp"> = async ({ path }, ctx) => {
  const [app] = await withConnectionStatus(ctx.services.db, callerOf(ctx).accountId, [appOrThrow(ctx, path.app)]);
  const settings = await operatorAppSettings(ctx.services.db, app!.id);
  return {
    ...app!,
    operator: {
      configured: settings !== null,
      oauthClient: Boolean(settings?.clientId && settings.clientSecret),
      scopes: settings?.scopes ?? null,
      baseUrlOverridden: Boolean(settings?.baseUrl),
    },
  };
};

export function appOrThrow(ctx: HandlerContext, id: string) {
  const app = ctx.services.catalog.getApp(id);
  if (!app) throw notFound("app", id);
  return app;
}
