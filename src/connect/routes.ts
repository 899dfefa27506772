/**
 * The pages behind sign-in links: `GET /connect/<token>` (redirect to the provider, or a credential form),
 * `POST /connect/<token>` (the form), `GET /connect/callback` (the provider's redirect back). Expired, reused or
 * tampered links and states get a clear page, and nothing is stored.
 */
import Router from "@koa/router";
import { bodyParser } from "@koa/bodyparser";
import type Koa from "koa";
import type { Services } from "../services.js";
import { oauthCallback } from "./oauth/callback.js";
import { openLink } from "./pages/open-link.js";
import { submitCredentials } from "./pages/submit-credentials.js";

export function connectRoutes(services: Services): Koa.Middleware {
  const router = new Router({ prefix: "/connect" });
  router.get("/callback", (ctx) => oauthCallback(services, ctx));
  router.get("/:token", (ctx) => openLink(services, ctx));
  router.post("/:token", bodyParser({ enableTypes: ["form"], formLimit: "16kb" }), (ctx) => submitCredentials(services, ctx));
  return router.routes() as unknown as Koa.Middleware;
}
