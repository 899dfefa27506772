/**
 * `POST /connect/<token>`: the sign-in form. Its connection variables are checked first; then an OAuth app goes on to
 * the provider, and a key app's credentials are checked by a test call before they are stored. Also the
 * confirmation of an app without sign-in.
 */
import type Koa from "koa";
import type { Services } from "../../services.js";
import type { AuthMethod, CatalogApp } from "../../catalog/types.js";
import { credentialFields } from "../../catalog/build/auth-methods.js";
import { positionOf, positionProblem } from "../../catalog/build/connection-variables.js";
import { effectiveApp } from "../../domain/app-settings.js";
import { credentialsFromFields, type Credentials } from "../credentials.js";
import { claim, signInMethod } from "../links.js";
import { clientCredentialsToken } from "../client-credentials.js";
import { TokenRequestError } from "../oauth/token-request.js";
import { startAuthorization } from "../oauth/start-authorization.js";
import { probeCredentials } from "../probe.js";
import { storeConnection } from "../store-connection.js";
import { providedVariables, variablesFromForm } from "../variables.js";
import { credentialForm } from "./credential-form.js";
import { ASK_AGAIN, claimUse, finish, refuse, show, usableLink } from "./respond.js";

/**
 * The credentials the form holds for the app's method, or why not: a field is empty, or a value that goes inside
 * the API's address cannot stand there. A form with one field also accepts it as `secret`.
 */
function credentialsOf(app: CatalogApp, method: AuthMethod, form: Record<string, unknown>): Credentials | string {
  const fields = credentialFields(method);
  const values: Record<string, string> = {};
  for (const f of fields) {
    const raw = form[f.name] ?? (fields.length === 1 ? form.secret : undefined);
    const value = typeof raw === "string" ? (f.placement.in === "basic" ? raw : raw.trim()) : "";
    if (!value) return "Fill in every field.";
    if (f.placement.in === "url") {
      const problem = positionProblem(positionOf(app.baseUrl, f.placement.variable) ?? "path", value);
      if (problem) return `${f.label} ${problem}.`;
    }
    values[f.name] = value;
  }
  return credentialsFromFields(method, values);
}

export async function submitCredentials(services: Services, ctx: Koa.Context) {
  const link = await usableLink(services, ctx, ctx.params.token);
  if (!link) return;
  const app = services.catalog.getApp(link.appId)!;
  const eff = await effectiveApp(services.db, services.secrets, app);
  const method = signInMethod(eff);
  const form = (ctx.request.body ?? {}) as Record<string, unknown>;
  const asked = variablesFromForm(app, form);
  const again = (error: string) => show(ctx, 400, credentialForm(app, method, error, asked.values));
  if (asked.problem) return again(asked.problem);
  if (method.type === "oauth2") {
    if (!(await claim(services, link.id, "openedAt"))) return refuse(ctx, 410, "This sign-in link was already used", `Each link works once. ${ASK_AGAIN}`);
    ctx.set("Cache-Control", "no-store");
    return ctx.redirect(await startAuthorization(services, link, eff, method, asked.values));
  }
  if (method.type === "none") {
    // The confirmation page's button (open-link.ts).
    if (!(await claimUse(services, ctx, link))) return;
    const connection = await storeConnection(services, link, { credentials: { type: "none" }, label: null, scopes: [], expiresAt: null, variables: asked.values });
    return finish(ctx, link, connection.id, app.name);
  }
  let credentials = credentialsOf(app, method, form);
  if (typeof credentials === "string") return again(credentials);
  let expiresAt: Date | null = null;
  let scopes: string[] = [];
  if (method.type === "clientCredentials") {
    // The client's id and secret are checked by asking for a token with them; the connection keeps both and the token.
    try {
      const got = await clientCredentialsToken(services, eff, method, credentials, asked.values);
      ({ credentials, expiresAt } = got);
      scopes = got.scopes ?? [];
    } catch (err) {
      if (!(err instanceof TokenRequestError)) throw err;
      return again(`That did not work: ${app.name} gave no access token for this client ID and secret (${err.message}). Check them (and that the app is a ${app.name} app of this environment) and try again.`);
    }
  }
  const provided = await providedVariables(services, eff, credentials, method.type, null);
  if (provided.problem) return again(`That did not work: ${provided.problem} Check it and try again.`);
  const variables = { ...asked.values, ...provided.values };
  const probe = await probeCredentials(services, eff, credentials, method.type, variables);
  if (probe.ok === false) return again(`That did not work: ${probe.reason} Check it and try again.`);
  if (!(await claimUse(services, ctx, link))) return;
  const connection = await storeConnection(services, link, { credentials, label: probe.ok === true ? probe.label : null, scopes, expiresAt, variables });
  finish(ctx, link, connection.id, app.name);
}
