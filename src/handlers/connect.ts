import type { Handler } from "../dispatch/types.js";
import { assertReachable, effectiveApp } from "../domain/app-settings.js";
import { createLink } from "../connect/links.js";
import { appOrThrow } from "./apps.js";
import { callerOf } from "./caller-of.js";

/** POST /apps/{app}/connect: a single-use sign-in link for this account and app. */
export const connectApp: Handler<"connectApp"> = async ({ path, body }, ctx) => {
  const eff = await effectiveApp(ctx.services.db, ctx.services.secrets, appOrThrow(ctx, path.app));
  assertReachable(eff, ctx.services.config.allowPrivateNetwork);
  return createLink(ctx.services, callerOf(ctx).accountId, eff, { redirectUrl: body?.redirectUrl, label: body?.label, scopes: body?.scopes });
};
