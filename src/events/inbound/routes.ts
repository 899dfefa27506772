/**
 * `POST /hooks/<token>`: where generic webhooks and providers' webhooks arrive. Mounted before the JSON body parser,
 * since signatures are checked over the raw bytes. Errors take the API's `{ error: { code, message } }` shape.
 */
import type Koa from "koa";
import type { Services } from "../../services.js";
import { ApiError } from "../../errors.js";
import type { Intake } from "../intake.js";
import { readRawBody } from "./read-raw-body.js";
import { receiveInbound } from "./receive.js";

const INBOUND_PATH = /^\/hooks\/([0-9A-Za-z]{32})\/?$/;

export function inboundRoutes(services: Services, intake: Intake): Koa.Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith("/hooks/")) return next();
    const token = INBOUND_PATH.exec(ctx.path)?.[1];
    if (!token) throw new ApiError("not_found", "No trigger has this inbound URL.");
    if (ctx.method !== "POST") throw new ApiError("method_not_allowed", `${ctx.method} is not allowed on an inbound URL; send events with POST.`, { headers: { Allow: "POST" } });
    const rawBody = await readRawBody(ctx.req);
    const answer = await receiveInbound(services, intake, token, { headers: ctx.headers, rawBody });
    ctx.set("Cache-Control", "no-store");
    ctx.status = answer.status;
    ctx.body = answer.body;
  };
}
