/**
 * CORS for the REST API and the public documents, so the JavaScript client works from a web page on any origin.
 * `*` is safe here: the API authenticates with a Bearer key in a header, never with cookies. Not for /mcp (its
 * Origin check guards against DNS rebinding) nor for the sign-in pages.
 */
import type Koa from "koa";

const CORS_PATH = /^\/(api\/|openapi\.json$|llms\.txt$|\.well-known\/|agent\/)/;
const EXPOSED = "Patchbay-Next-Cursor, Link, X-Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, ETag";

export const cors: Koa.Middleware = async (ctx, next) => {
  if (!CORS_PATH.test(ctx.path) || !ctx.get("Origin")) return next();
  ctx.set("Access-Control-Allow-Origin", "*");
  ctx.set("Vary", "Origin");
  if (ctx.method === "OPTIONS" && ctx.get("Access-Control-Request-Method")) {
    ctx.set("Access-Control-Allow-Methods", "GET, POST, DELETE");
    ctx.set("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, If-None-Match, X-Request-Id");
    ctx.set("Access-Control-Max-Age", "600");
    ctx.status = 204;
    return;
  }
  ctx.set("Access-Control-Expose-Headers", EXPOSED);
  await next();
};
