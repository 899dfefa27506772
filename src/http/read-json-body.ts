/**
 * Reads a REST request's JSON body once the request is routed and admitted: a path outside the contract is a 404,
 * a missing key a 401 and a missing permission a 403 whatever the body holds; only then is it parsed (1 MB, the
 * declared Content-Encoding, at most MAX_JSON_DEPTH levels). Non-object JSON is parsed too, so the contract's
 * validation names what is wrong with it.
 */
import type Koa from "koa";
import { bodyParser } from "@koa/bodyparser";
import { bodyError } from "./errors.js";
import { checkJsonDepth } from "./json-depth.js";

export function jsonBodyReader(): (ctx: Koa.Context) => Promise<void> {
  const parse = bodyParser({
    enableTypes: ["json"],
    jsonLimit: "1mb",
    jsonStrict: false,
    encoding: "utf-8",
    onError: (err, ctx) => {
      throw bodyError(err, ctx.get("Content-Encoding"));
    },
  });
  return async (ctx) => {
    await parse(ctx as never, async () => {});
    if (typeof ctx.request.rawBody === "string") checkJsonDepth(ctx.request.rawBody);
  };
}
