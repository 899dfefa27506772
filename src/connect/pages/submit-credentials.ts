/**
 * `POST /connect/<token>`: the credential form (the credential is checked by a test call before it is stored), or
 * the confirmation of an app without sign-in.
 */
import type Koa from "koa";
import type { Services } from "../../services.js";
import type { AuthMethod } from "../../catalog/types.js";
import { effectiveApp } from "../../domain/app-settings.js";
import type { Credentials } from "../credentials.js";
import { signInMethod } from "../links.js";
import { probeCredentials } from "../probe.js";
import { storeConnection } from "../store-connection.js";
import { credentialForm } from "./credential-form.js";
import { claimUse, finish, show, usableLink } from "./respond.js";

/** The credential the form holds for the app's method, or null when a field is empty. */
function credentialsOf(method: AuthMethod, form: Record<string, string>): Credentials | null {
  if (method.type === "basic") return form.username && form.password ? { type: "basic", username: form.username, password: form.password } : null;
  const secret = form.secret?.trim();
  if (!secret) return null;
  return method.type === "bearer" ? { type: "bearer", token: secret } : { type: "apiKey", apiKey: secret };
}

export async function submitCredentials(services: Services, ctx: Koa.Context) {
  const link = await usableLink(services, ctx, ctx.params.token);
  if (!link) return;
  const app = services.catalog.getApp(link.appId)!;
  const eff = await effectiveApp(services.db, services.secrets, app);
  const method = signInMethod(eff);
  if (method.type === "none") {
    // The confirmation page's button (open-link.ts).
    if (!(await claimUse(services, ctx, link))) return;
    const connection = await storeConnection(services, link, { credentials: { type: "none" }, label: null, scopes: [], expiresAt: null });
    return finish(ctx, link, connection.id, app.name);
  }
  const credentials = credentialsOf(method, (ctx.request.body ?? {}) as Record<string, string>);
  if (!credentials) return show(ctx, 400, credentialForm(app.name, method, "Fill in every field.", app.docsUrl));
  const probe = await probeCredentials(services, eff, credentials, method.type);
  if (probe.ok === false) return show(ctx, 400, credentialForm(app.name, method, `That did not work: ${probe.reason} Check it and try again.`, app.docsUrl));
  if (!(await claimUse(services, ctx, link))) return;
  const connection = await storeConnection(services, link, { credentials, label: probe.ok === true ? probe.label : null, scopes: [], expiresAt: null });
  finish(ctx, link, connection.id, app.name);
}
