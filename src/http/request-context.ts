import { randomUUID } from "node:crypto";
import type Koa from "koa";
import type { Logger } from "pino";
import { redactPath } from "../log.js";

/** Gives each request an id (X-Request-Id, kept when the client sent a sane one), a child logger and a log line. */
export function requestContext(log: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const given = ctx.get("X-Request-Id");
    const requestId = /^[A-Za-z0-9._-]{8,100}$/.test(given) ? given : `req_${randomUUID().replace(/-/g, "")}`;
    ctx.state.requestId = requestId;
    ctx.state.log = log.child({ requestId });
    ctx.set("X-Request-Id", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      ctx.state.log.info(
        { method: ctx.method, path: redactPath(ctx.originalUrl), status: ctx.respond === false ? ctx.res.statusCode : ctx.status, ms: Math.round(performance.now() - started), keyId: ctx.state.caller?.key.id },
        "request",
      );
    }
  };
}
