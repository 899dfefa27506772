/** The Koa application: request context → errors → MCP door → the agent door → the REST door (the contract's paths; it reads JSON bodies once a request is routed and admitted). */
import Koa from "koa";
import type { Logger } from "pino";
import type { Backend } from "../contract/backend.js";
import type { Dispatcher } from "../dispatch/dispatcher.js";
import type { Gate } from "../gate/admit.js";
import { errorHandler } from "./errors.js";
import { cors } from "./cors.js";
import { requestContext } from "./request-context.js";
import { restDoor } from "./rest-door.js";

export function createApp(deps: { log: Logger; backend: Backend; dispatcher: Dispatcher; gate: Gate; proxy: boolean; mcp: Koa.Middleware; pages: Koa.Middleware; web: Koa.Middleware; inbound: Koa.Middleware; agent: Koa.Middleware }): Koa {
  const app = new Koa({ proxy: deps.proxy });
  app.silent = true;
  app.use(requestContext(deps.log));
  app.use(errorHandler);
  app.use(cors);
  // None of these four serves a path under /api/ (the REST API's): such requests, the hot path, go past them.
  // The MCP door first among these: it serves only /mcp paths (one test of the path) and its requests, a hot path too,
  // need not go through the pages' routers (~60 µs of CPU each, measured).
  app.use(notForApi(deps.mcp)); // before the body parser: the MCP transport reads the raw body (malformed JSON is a JSON-RPC parse error)
  app.use(notForApi(deps.pages)); // HTML pages (sign-in links) with their own form parsing
  app.use(notForApi(deps.web)); // the web pages and their form actions (session cookie + CSRF), onto the same dispatcher
  app.use(notForApi(deps.inbound)); // inbound webhooks (/hooks/<token>): signatures are checked over the raw body
  app.use(async (ctx, next) => {
    // The MCP convention's card location is an alias of the well-known one.
    if (ctx.path === "/mcp/server-card" || ctx.path === "/mcp/server-card.json") ctx.path = "/.well-known/mcp/server-card.json";
    await next();
  });
  app.use(deps.agent); // the agent host: its operations and public pages, rate limited per client, Web Bot Auth
  app.use(restDoor(deps.backend, deps.dispatcher, deps.gate));
  return app;
}

const notForApi =
  (middleware: Koa.Middleware): Koa.Middleware =>
  (ctx, next) =>
    ctx.path.startsWith("/api/") ? next() : middleware(ctx, next);
