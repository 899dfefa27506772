/**
 * `GET /connect/<token>`: OAuth apps redirect to the provider (state + PKCE), after a page asking their connection
 * variables when they have some (the customer's subdomain or shop); key apps get the credential form; apps without
 * sign-in a confirmation with a button.
 */
import type Koa from "koa";
import type { Services } from "../../services.js";
import { effectiveApp } from "../../domain/app-settings.js";
import { ApiError } from "../../errors.js";
import { claim, signInMethod } from "../links.js";
import { startAuthorization } from "../oauth/start-authorization.js";
import { askedVariables } from "../variables.js";
import { confirmForm, credentialForm } from "./credential-form.js";
import { ASK_AGAIN, refuse, show, usableLink } from "./respond.js";

export async function openLink(services: Services, ctx: Koa.Context) {
  const link = await usableLink(services, ctx, ctx.params.token);
  if (!link) return;
  const app = services.catalog.getApp(link.appId);
  if (!app) return refuse(ctx, 404, "This app is no longer available", ASK_AGAIN);
  const eff = await effectiveApp(services.db, services.secrets, app);
  let method;
  try {
    method = signInMethod(eff);
  } catch (err) {
    if (err instanceof ApiError) return refuse(ctx, 409, `${app.name} cannot be connected yet`, err.message);
    throw err;
  }
  const asksVariables = askedVariables(app).length > 0;
  if (method.type === "oauth2" && !asksVariables) {
    if (!(await claim(services, link.id, "openedAt"))) return refuse(ctx, 410, "This sign-in link was already used", `Each link works once. ${ASK_AGAIN}`);
    ctx.set("Cache-Control", "no-store");
    return ctx.redirect(await startAuthorization(services, link, eff, method, {}));
  }
  // No sign-in: a page with a button (the POST connects), so that a link preview does not use the link up.
  if (method.type === "none" && !asksVariables) return show(ctx, 200, confirmForm(app.name));
  show(ctx, 200, credentialForm(app, method));
}
