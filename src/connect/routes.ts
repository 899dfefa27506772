/**
 * The pages behind sign-in links: `GET /connect/<token>` (redirect to the provider, or a credential form),
 * `POST /connect/<token>` (the form), `GET /connect/callback` (the provider's redirect back). Expired, reused or
 * tampered links and states get a clear page, and nothing is stored.
 */
import Router from "@koa/router";
import { bodyParser } from "@koa/bodyparser";
import type Koa from "koa";
import type { Services } from "../services.js";
import { effectiveApp } from "../domain/app-settings.js";
import { sha256 } from "../crypto/secrets.js";
import { ApiError } from "../errors.js";
import type { Credentials } from "./credentials.js";
import { claim, findLink, signInMethod, type LinkRow } from "./links.js";
import { probeCredentials } from "./probe.js";
import { redirectUri, startAuthorization } from "./oauth/start-authorization.js";
import { tokenRequest } from "./oauth/token-request.js";
import { storeConnection } from "./store-connection.js";
import { credentialForm } from "./pages/credential-form.js";
import { messagePage } from "./pages/page.js";

export function connectRoutes(services: Services): Koa.Middleware {
  const router = new Router({ prefix: "/connect" });
  const show = (ctx: Koa.Context, status: number, html: string) => {
    ctx.status = status;
    ctx.type = "html";
    ctx.set("Cache-Control", "no-store");
    ctx.body = html;
  };
  const refuse = (ctx: Koa.Context, status: number, title: string, text: string) => show(ctx, status, messagePage(title, text));
  const ASK_AGAIN = "Ask the app or agent that sent you here for a new sign-in link.";

  const finish = async (ctx: Koa.Context, link: LinkRow, connectionId: string, appName: string) => {
    if (link.redirectUrl) {
      const back = new URL(link.redirectUrl);
      back.searchParams.set("connection", connectionId);
      back.searchParams.set("app", link.appId);
      ctx.redirect(back.toString());
      return;
    }
    refuse(ctx, 200, `${appName} is connected`, `Patchbay can now use ${appName} for this account (connection ${connectionId}). You can close this page.`);
  };

  /** The link of a token, or a page saying why it cannot be used. */
  const usableLink = async (ctx: Koa.Context, token: string) => {
    const link = /^[0-9A-Za-z]{32}$/.test(token) ? await findLink(services, token) : null;
    if (!link) return refuse(ctx, 404, "This sign-in link is not valid", `Check that the whole link was copied. ${ASK_AGAIN}`);
    if (link.usedAt) return refuse(ctx, 410, "This sign-in link was already used", `Each link works once. ${ASK_AGAIN}`);
    if (link.expiresAt.getTime() <= Date.now()) return refuse(ctx, 410, "This sign-in link has expired", `Links work for 15 minutes. ${ASK_AGAIN}`);
    return link;
  };

  router.get("/callback", async (ctx) => {
    const state = String(ctx.query.state ?? "");
    const link = state ? await services.db.connectLink.findUnique({ where: { stateHash: sha256(state) } }) : null;
    if (!link || !link.codeVerifierSealed) return refuse(ctx, 400, "This sign-in could not be checked", `The answer from the app did not match a sign-in Patchbay started (unknown state). Nothing was stored. ${ASK_AGAIN}`);
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
    if (!(await claim(services, link.id, "usedAt"))) return refuse(ctx, 410, "This sign-in was already completed", "Nothing more was stored.");
    const eff = await effectiveApp(services.db, services.secrets, app);
    const method = eff.auth.find((m) => m.type === "oauth2");
    if (!method?.tokenUrl || !eff.oauthClient) return refuse(ctx, 409, `${app.name} is not configured`, "The operator removed its OAuth client. Nothing was stored.");
    let tokens;
    try {
      tokens = await tokenRequest(method.tokenUrl, eff.oauthClient, {
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri(services),
        code_verifier: services.secrets.open(link.codeVerifierSealed),
      });
    } catch (err) {
      services.log.warn({ app: app.id, err: (err as Error).message }, "code exchange failed");
      return refuse(ctx, 502, `${app.name} was not connected`, `Exchanging the authorization code failed: ${(err as Error).message}. Nothing was stored. ${ASK_AGAIN}`);
    }
    const credentials: Credentials = { type: "oauth2", accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, tokenType: tokens.tokenType };
    const probe = await probeCredentials(services, eff, credentials, "oauth2");
    const connection = await storeConnection(services, link, {
      credentials,
      label: probe.ok === true ? probe.label : null,
      scopes: tokens.scopes ?? (link.scopes ? link.scopes.split(",") : []),
      expiresAt: tokens.expiresAt,
    });
    await finish(ctx, link, connection.id, app.name);
  });

  router.get("/:token", async (ctx) => {
    const link = await usableLink(ctx, ctx.params.token);
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
    if (method.type === "oauth2") {
      if (!(await claim(services, link.id, "openedAt"))) return refuse(ctx, 410, "This sign-in link was already used", `Each link works once. ${ASK_AGAIN}`);
      ctx.set("Cache-Control", "no-store");
      return ctx.redirect(await startAuthorization(services, link, eff, method));
    }
    if (method.type === "none") {
      if (!(await claim(services, link.id, "usedAt"))) return refuse(ctx, 410, "This sign-in link was already used", ASK_AGAIN);
      const connection = await storeConnection(services, link, { credentials: { type: "none" }, label: null, scopes: [], expiresAt: null });
      return finish(ctx, link, connection.id, app.name);
    }
    show(ctx, 200, credentialForm(app.name, method));
  });

  router.post("/:token", bodyParser({ enableTypes: ["form"], formLimit: "16kb" }), async (ctx) => {
    const link = await usableLink(ctx, ctx.params.token);
    if (!link) return;
    const app = services.catalog.getApp(link.appId)!;
    const eff = await effectiveApp(services.db, services.secrets, app);
    const method = signInMethod(eff);
    const form = (ctx.request.body ?? {}) as Record<string, string>;
    const credentials: Credentials | null =
      method.type === "basic"
        ? form.username && form.password
          ? { type: "basic", username: form.username, password: form.password }
          : null
        : form.secret?.trim()
          ? method.type === "bearer"
            ? { type: "bearer", token: form.secret.trim() }
            : { type: "apiKey", apiKey: form.secret.trim() }
          : null;
    if (!credentials) return show(ctx, 400, credentialForm(app.name, method, "Fill in every field."));
    const probe = await probeCredentials(services, eff, credentials, method.type);
    if (probe.ok === false) return show(ctx, 400, credentialForm(app.name, method, `That did not work: ${probe.reason} Check it and try again.`));
    if (!(await claim(services, link.id, "usedAt"))) return refuse(ctx, 410, "This sign-in link was already used", ASK_AGAIN);
    const connection = await storeConnection(services, link, { credentials, label: probe.ok === true ? probe.label : null, scopes: [], expiresAt: null });
    await finish(ctx, link, connection.id, app.name);
  });

  return router.routes() as unknown as Koa.Middleware;
}
