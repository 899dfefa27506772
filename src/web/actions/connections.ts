/** The connections page's actions: connect or reconnect an app (a sign-in link, as `connectApp`) and disconnect. */
import type { Handler } from "../../dispatch/types.js";
import { Reply } from "../../dispatch/types.js";
import { callerOf } from "../../handlers/caller-of.js";
import { appOrThrow } from "../../handlers/apps.js";
import { assertReachable, effectiveApp } from "../../domain/app-settings.js";
import { deleteConnection } from "../../domain/connections.js";
import { createLink } from "../../connect/links.js";

const seeOther = (location: string) => new Reply(undefined as never, { status: 303, headers: { Location: location } });

/** POST /connections/connect: redirects to a new single-use sign-in link that comes back to the connections page. */
export const connectWebApp: Handler<"connectWebApp"> = async ({ body }, ctx) => {
  const { services } = ctx;
  const eff = await effectiveApp(services.db, services.secrets, appOrThrow(ctx, body.app.trim()));
  assertReachable(eff, services.config.allowPrivateNetwork);
  const link = await createLink(services, callerOf(ctx).accountId, eff, { redirectUrl: `${services.config.baseUrl}/connections` });
  return seeOther(link.url);
};

/** POST /connections/{id}/disconnect: the connection and its stored credentials are deleted. */
export const disconnectWebConnection: Handler<"disconnectWebConnection"> = async ({ path }, ctx) => {
  await deleteConnection(ctx.services.db, callerOf(ctx).accountId, path.id);
  return seeOther(`/connections?disconnected=${encodeURIComponent(path.id)}`);
};
