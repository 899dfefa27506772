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
    // The request's child logger is made when something logs (most requests log only their one line below).
    let child: Logger | undefined;
    Object.defineProperty(ctx.state, "log", { get: () => (child ??= log.child({ requestId })), configurable: true, enumerable: true });
    ctx.set("X-Request-Id", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      (child ?? log).info(
        { ...(child ? {} : { requestId }), method: ctx.method, path: redactPath(ctx.originalUrl), status: ctx.respond === false ? ctx.res.statusCode : ctx.status, ms: Math.round(performance.now() - started), keyId: ctx.state.caller?.key.id },
        "request",
      );
    }
  };
}
