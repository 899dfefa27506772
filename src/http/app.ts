/** The Koa application: request context → errors → body → the REST door (the contract's paths). */
import Koa from "koa";
import { bodyParser } from "@koa/bodyparser";
import type { Logger } from "pino";
import type { Backend } from "../contract/backend.js";
import type { Dispatcher } from "../dispatch/dispatcher.js";
import type { Gate } from "../gate/admit.js";
import { errorHandler } from "./errors.js";
import { requestContext } from "./request-context.js";
import { restDoor } from "./rest-door.js";

export function createApp(deps: { log: Logger; backend: Backend; dispatcher: Dispatcher; gate: Gate; proxy: boolean }): Koa {
  const app = new Koa({ proxy: deps.proxy });
  app.silent = true;
  app.use(requestContext(deps.log));
  app.use(errorHandler);
  app.use(bodyParser({ enableTypes: ["json"], jsonLimit: "1mb", encoding: "utf-8", extendTypes: { json: ["application/*+json"] } }));
  app.use(restDoor(deps.backend, deps.dispatcher, deps.gate));
  return app;
}
