/** The Koa application: request context → errors → MCP door → JSON body → the REST door (the contract's paths). */
import Koa from "koa";
import { bodyParser } from "@koa/bodyparser";
import type { Logger } from "pino";
import type { Backend } from "../contract/backend.js";
import type { Dispatcher } from "../dispatch/dispatcher.js";
import type { Gate } from "../gate/admit.js";
import { errorHandler } from "./errors.js";
import { cors } from "./cors.js";
import { requestContext } from "./request-context.js";
import { restDoor } from "./rest-door.js";

export function createApp(deps: { log: Logger; backend: Backend; dispatcher: Dispatcher; gate: Gate; proxy: boolean; mcp: Koa.Middleware; pages: Koa.Middleware; inbound: Koa.Middleware }): Koa {
  const app = new Koa({ proxy: deps.proxy });
  app.silent = true;
  app.use(requestContext(deps.log));
  app.use(errorHandler);
  app.use(cors);
  app.use(deps.pages); // HTML pages (sign-in links) with their own form parsing
  app.use(deps.mcp); // before the body parser: the MCP transport reads the raw body (malformed JSON is a JSON-RPC parse error)
  app.use(deps.inbound); // inbound webhooks (/hooks/<token>): signatures are checked over the raw body
  app.use(bodyParser({ enableTypes: ["json"], jsonLimit: "1mb", encoding: "utf-8" }));
  app.use(async (ctx, next) => {
    // The MCP convention's card location is an alias of the well-known one.
    if (ctx.path === "/mcp/server-card" || ctx.path === "/mcp/server-card.json") ctx.path = "/.well-known/mcp/server-card.json";
    await next();
  });
  app.use(restDoor(deps.backend, deps.dispatcher, deps.gate));
  return app;
}
