import { randomUUID } from "node:crypto";
import type Koa from "koa";
import type { Logger } from "pino";
import { redactPath, writeRequestLine } from "../log.js";
import type { Caller } from "../gate/caller.js";

/**
 * What a request carries through the middlewares (Koa's `ctx.state`): its id, the caller once admitted, and its
 * child logger, made when something logs (most requests log only their one line). A class, so that the logger's
 * getter sits on the prototype and every request's state keeps one shape (a getter defined on each plain object
 * made V8 treat them all as dictionaries, and each use of the state a slow lookup).
 */
export class RequestState {
  caller?: Caller | null;
  private child?: Logger;

  constructor(
    private readonly root: Logger,
    readonly requestId: string,
  ) {}

  get log(): Logger {
    return (this.child ??= this.root.child({ requestId: this.requestId }));
  }

  /** The logger of the request's line: its child logger if one was made (it names the id), else the root. */
  lineLogger(): { logger: Logger; named: boolean } {
    return this.child ? { logger: this.child, named: true } : { logger: this.root, named: false };
  }
}

/** The request's id: the client's X-Request-Id when it is a sane one, else a new one. */
export function requestIdOf(given: string | string[] | undefined): string {
  if (typeof given === "string" && /^[A-Za-z0-9._-]{8,100}$/.test(given)) return given;
  const u = randomUUID(); // 8-4-4-4-12 hex digits: the 32 digits, without the dashes
  return `req_${u.slice(0, 8)}${u.slice(9, 13)}${u.slice(14, 18)}${u.slice(19, 23)}${u.slice(24)}`;
}

/** Gives each request an id (X-Request-Id, kept when the client sent a sane one), a child logger and a log line. */
export function requestContext(log: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const requestId = requestIdOf(ctx.get("X-Request-Id"));
    const state = new RequestState(log, requestId);
    ctx.state = state;
    ctx.set("X-Request-Id", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      logRequestLine(state, ctx.method, ctx.originalUrl, ctx.respond === false ? ctx.res.statusCode : ctx.status, started);
    }
  };
}

/** A request's one log line: method, path (credentials redacted), status, time, key. */
export function logRequestLine(state: RequestState, method: string, url: string, status: number, started: number): void {
  const { logger, named } = state.lineLogger();
  writeRequestLine(logger, { requestId: named ? undefined : state.requestId, method, path: redactPath(url), status, ms: Math.round(performance.now() - started), keyId: state.caller?.key.id });
}
