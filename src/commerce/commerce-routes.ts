/**
 * Purchasing's HTTP parts outside the contract's JSON operations: the protocol error shapes of the UCP and ACP
 * operations (wrapped around them), the buyer's pages behind continue_url, the stand-in's hosted checkout page and
 * the processor webhook.
 */
import type Koa from "koa";
import type { Services } from "../services.js";
import { protocolErrors } from "./protocol/protocol-errors.js";

export function commerceRoutes(_services: Services): Koa.Middleware {
  return protocolErrors;
}
