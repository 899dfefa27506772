/**
 * The web door: the pages (GET, rendered on the server) and the contract's Web operations (form posts), onto the
 * same dispatcher as REST and MCP. An action goes: route → admit (session cookie: 401, rate limit: 429) → CSRF
 * (400) → validate (415, 400 naming the field) → sign-in throttle → handler. A browser (Accept: text/html) gets a
 * failure as the form's page again with the message; other clients get the JSON error body.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type Koa from "koa";
import { bodyParser } from "@koa/bodyparser";
import type { OperationId } from "../../generated/operations.gen.ts";
import { operations } from "../../generated/operations.gen.ts";
import type { Backend } from "../contract/backend.js";
import type { Dispatcher } from "../dispatch/dispatcher.js";
import type { Gate } from "../gate/admit.js";
import { callerOfSession, SESSION_COOKIE } from "../gate/session.js";
import { ApiError } from "../errors.js";
import { bodyError } from "../http/errors.js";
import { describeErrors } from "../http/rest-door.js";
import { base62 } from "../crypto/random.js";
import { rootDir } from "../db/paths.js";
import { safeEqual } from "../crypto/secrets.js";
import { csrfTokenFor } from "../domain/sessions.js";
import { assertNotThrottled, clearFailures, recordFailure } from "../domain/sessions-throttle.js";
import type { Services } from "../services.js";
import type { PageContext } from "./page-context.js";
import { findPage, pageForFailure } from "./page-routes.js";

const CSRF_COOKIE = "patchbay_csrf";
const ASSETS: Record<string, { file: string; type: string }> = {
  "/assets/web/patchbay.css": { file: fileURLToPath(new URL("./assets/patchbay.css", import.meta.url)), type: "text/css; charset=utf-8" },
  "/assets/web/icon.svg": { file: fileURLToPath(new URL("./assets/icon.svg", import.meta.url)), type: "image/svg+xml" },
  "/assets/web/copy.js": { file: fileURLToPath(new URL("./assets/copy.js", import.meta.url)), type: "text/javascript; charset=utf-8" },
  "/assets/web/docs.js": { file: fileURLToPath(new URL("./assets/docs.js", import.meta.url)), type: "text/javascript; charset=utf-8" },
  "/assets/web/scalar.js": { file: join(rootDir, "node_modules/@scalar/api-reference/dist/browser/standalone.js"), type: "text/javascript; charset=utf-8" },
};
/** Pages load nothing from elsewhere; Scalar needs inline styles. */
const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'";

export interface WebDoorDeps {
  services: Services;
  backend: Backend;
  dispatcher: Dispatcher;
  gate: Gate;
}

const isWebOperation = (op: { tags?: string[] } | undefined): op is { tags: string[]; operationId: string; path: string } => Boolean(op?.tags?.includes("Web"));

export function webDoor(deps: WebDoorDeps): Koa.Middleware {
  const { services, backend, dispatcher, gate } = deps;
  const { db, secrets } = services;
  const parseForm = bodyParser({ enableTypes: ["form"], formLimit: "16kb", encoding: "utf-8", onError: (err, ctx) => { throw bodyError(err, ctx.get("Content-Encoding")); } });

  const wantsHtml = (ctx: Koa.Context) => ctx.accepts("json", "html") === "html";
  const setCookie = (ctx: Koa.Context, value: string) => ctx.append("Set-Cookie", ctx.protocol === "https" ? `${value}; Secure` : value);

  /** The page's context: who is signed in, and the CSRF token for its forms (a pre-session cookie when signed out). */
  async function pageContext(ctx: Koa.Context): Promise<PageContext> {
    const sessionToken = ctx.cookies.get(SESSION_COOKIE);
    const caller = await callerOfSession(db, secrets, sessionToken);
    let csrf: string;
    if (caller) csrf = csrfTokenFor(secrets, sessionToken!);
    else {
      let value = ctx.cookies.get(CSRF_COOKIE);
      if (!value || !/^[0-9A-Za-z]{43}$/.test(value)) {
        value = base62(43);
        setCookie(ctx, `${CSRF_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax`);
      }
      csrf = csrfTokenFor(secrets, value);
    }
    const query = Object.fromEntries(Object.entries(ctx.query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
    return { services, dispatcher, path: ctx.path, query, caller, user: caller ? { email: caller.email, csrf } : null, csrf, requestId: ctx.state.requestId };
  }

  function send(ctx: Koa.Context, status: number, body: string) {
    ctx.status = status;
    ctx.type = "html";
    ctx.set({ "Cache-Control": "no-store", "Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" });
    ctx.body = body;
  }

  async function action(ctx: Koa.Context, op: { operationId: string; path: string }) {
    const operationId = op.operationId as OperationId;
    const info = operations[operationId];
    const html = wantsHtml(ctx);
    const page = await pageContext(ctx);
    try {
      const admission = await gate.admit({ key: null, needsKey: false, client: ctx.ip });
      ctx.set(admission.headers);
      if (info.authenticated && !page.caller) throw new ApiError("unauthorized", "Sign in first: your session has ended or was signed out.");
      dispatcher.authorize(operationId, page.caller);
      if (!ctx.is("application/x-www-form-urlencoded")) {
        throw new ApiError("unsupported_media_type", "Send the form as application/x-www-form-urlencoded (as the page's form does).");
      }
      await parseForm(ctx, async () => {});
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      // The token is derived from the session (or the pre-session cookie), so another site cannot know it.
      const sent = typeof body.csrf === "string" ? body.csrf : "";
      if (!sent || !safeEqual(sent, page.csrf)) throw new ApiError("invalid_request", "This form has expired or did not come from Patchbay's page (its security token does not match). Reload the page and submit it again.");
      const origin = ctx.get("Origin");
      if (origin && origin !== "null" && new URL(origin).host !== ctx.host) throw new ApiError("invalid_request", `This form was sent from ${origin}, not from this site. Open ${services.config.baseUrl} and submit it there.`);

      const req = { method: ctx.method, path: ctx.path, query: {}, headers: ctx.headers as Record<string, string>, body };
      const validation = backend.validateRequest(req, op as never);
      if (!validation.valid) throw new ApiError("invalid_request", describeErrors(validation.errors ?? []));
      const parsed = backend.router.parseRequest(req, op as never);

      const throttled = operationId === "signIn" || operationId === "signUp";
      const email = String(body.email ?? "");
      if (throttled) await assertNotThrottled(db, secrets, email, ctx.ip);
      let reply;
      try {
        reply = await dispatcher.invoke(operationId, { path: parsed.params, body } as never, page.caller, ctx.state.requestId);
      } catch (err) {
        if (throttled && err instanceof ApiError && (err.code === "unauthorized" || err.code === "conflict")) await recordFailure(db, secrets, email, ctx.ip);
        throw err;
      }
      if (operationId === "signIn") await clearFailures(db, secrets, email, ctx.ip);

      const { "Set-Cookie": cookie, Location: location, ...headers } = reply.opts.headers ?? {};
      ctx.set(headers);
      if (cookie) setCookie(ctx, cookie);
      if (location) {
        ctx.status = 303;
        ctx.set("Location", location);
        return;
      }
      if (html && operationId === "createWebKey") {
        const created = reply.body as { key: string; apiKey: { project: string } };
        const rendered = await pageForFailure(operationId, page, { created: { key: created.key, project: created.apiKey.project } });
        return send(ctx, 201, rendered.html);
      }
      ctx.status = reply.opts.status ?? 200;
      ctx.body = reply.body;
    } catch (err) {
      if (!html || !(err instanceof ApiError)) throw err;
      ctx.set(err.headers);
      if (err.code === "unauthorized" && info.authenticated) {
        ctx.status = 303;
        ctx.set("Location", "/sign-in?reason=session");
        return;
      }
      const email = typeof (ctx.request.body as Record<string, unknown> | undefined)?.email === "string" ? String((ctx.request.body as Record<string, unknown>).email) : undefined;
      const rendered = await pageForFailure(operationId, page, { error: err.message, email });
      send(ctx, err.status, rendered.html);
    }
  }

  return async (ctx, next) => {
    const read = ctx.method === "GET" || ctx.method === "HEAD";
    const asset = read ? ASSETS[ctx.path] : undefined;
    if (asset) {
      ctx.type = asset.type;
      ctx.set("Cache-Control", "public, max-age=3600");
      ctx.body = await readFile(asset.file);
      return;
    }
    const op = backend.router.matchOperation({ method: ctx.method, path: ctx.path, query: {}, headers: {} });
    if (isWebOperation(op as never)) return action(ctx, op as never);
    const route = read ? findPage(ctx.path) : undefined;
    if (!route) return next();
    const page = await pageContext(ctx);
    if (route.signedIn && !page.caller) return ctx.redirect("/sign-in?reason=session");
    if (route.signedOut && page.caller) return ctx.redirect("/developer");
    const rendered = await route.render(page);
    send(ctx, rendered.status ?? 200, rendered.html);
  };
}
