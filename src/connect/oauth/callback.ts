/** `GET /connect/callback`: the provider's redirect back. Checks the state, exchanges the code with the PKCE verifier, stores the connection. */
import type Koa from "koa";
import type { Services } from "../../services.js";
import { effectiveApp } from "../../domain/app-settings.js";
import { sha256 } from "../../crypto/secrets.js";
import type { Credentials } from "../credentials.js";
import { claim } from "../links.js";
import { probeCredentials } from "../probe.js";
import { storeConnection } from "../store-connection.js";
import { ASK_AGAIN, claimUse, finish, refuse } from "../pages/respond.js";
import { redirectUri } from "./start-authorization.js";
import { tokenRequest } from "./token-request.js";
import { fillTemplate } from "../../catalog/build/connection-variables.js";
import { connectionVariables } from "../../domain/connections.js";
import { providedVariables } from "../variables.js";

export async function oauthCallback(services: Services, ctx: Koa.Context) {
  const state = String(ctx.query.state ?? "");
  const link = state ? await services.db.connectLink.findUnique({ where: { stateHash: sha256(state) } }) : null;
  if (!link || !link.codeVerifierSealed) {
    return refuse(ctx, 400, "This sign-in could not be checked", `The answer from the app did not match a sign-in Patchbay started (unknown state). Nothing was stored. ${ASK_AGAIN}`);
  }
  if (link.usedAt) return refuse(ctx, 410, "This sign-in was already completed", `Nothing more was stored. ${ASK_AGAIN}`);
  if (link.expiresAt.getTime() <= Date.now()) return refuse(ctx, 410, "This sign-in has expired", `Nothing was stored. ${ASK_AGAIN}`);
  const app = services.catalog.getApp(link.appId);
  if (!app) return refuse(ctx, 404, "This app is no longer available", "Nothing was stored.");
  if (ctx.query.error) {
    await claim(services, link.id, "usedAt");
    return refuse(ctx, 400, `${app.name} was not connected`, `${app.name} answered: ${String(ctx.query.error_description ?? ctx.query.error)}. Nothing was stored.`);
  }
  const code = String(ctx.query.code ?? "");
  if (!code) return refuse(ctx, 400, "This sign-in could not be completed", "The answer from the app had no authorization code. Nothing was stored.");
  if (!(await claimUse(services, ctx, link))) return;
  const eff = await effectiveApp(services.db, services.secrets, app);
  const method = eff.auth.find((m) => m.type === "oauth2");
  if (!method?.tokenUrl || !eff.oauthClient) return refuse(ctx, 409, `${app.name} is not configured`, "The operator removed its OAuth client. Nothing was stored.");
  const asked = connectionVariables(link.variables);
  let tokens;
  try {
    tokens = await tokenRequest(fillTemplate(method.tokenUrl, asked), eff.oauthClient, {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri(services),
      code_verifier: services.secrets.open(link.codeVerifierSealed),
    }, { eff, allowPrivateNetwork: services.config.allowPrivateNetwork, tokenField: method.tokenField, clientAuth: method.clientAuth });
  } catch (err) {
    services.log.warn({ app: app.id, err: (err as Error).message }, "code exchange failed");
    return refuse(ctx, 502, `${app.name} was not connected`, `Exchanging the authorization code failed: ${(err as Error).message}. Nothing was stored. ${ASK_AGAIN}`);
  }
  const credentials: Credentials = { type: "oauth2", accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, tokenType: tokens.tokenType };
  // Variables the provider gives (Salesforce's instance URL in the token answer, Atlassian's cloud id from a call).
  const provided = await providedVariables(services, eff, credentials, "oauth2", tokens.response);
  if (provided.problem) return refuse(ctx, 502, `${app.name} was not connected`, `${provided.problem} Nothing was stored. ${ASK_AGAIN}`);
  const variables = { ...asked, ...provided.values };
  const probe = await probeCredentials(services, eff, credentials, "oauth2", variables);
  const connection = await storeConnection(services, link, {
    credentials,
    label: probe.ok === true ? probe.label : null,
    scopes: tokens.scopes ?? (link.scopes ? link.scopes.split(",") : []),
    expiresAt: tokens.expiresAt,
    variables,
  });
  finish(ctx, link, connection.id, app.name);
}
