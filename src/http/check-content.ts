/**
 * A request's content against its operation. GET and DELETE take none: content there has no meaning in HTTP and
 * the body parser never reads it, so a client sending parameters in it learns so (400) instead of being ignored.
 * Other methods' content must be JSON (415), as the contract's operations declare.
 */
import type Koa from "koa";
import { ApiError, invalid } from "../errors.js";

export function checkContent(ctx: Koa.Context): void {
  const hasContent = ctx.get("Transfer-Encoding") !== "" || Number(ctx.get("Content-Length") || 0) > 0;
  if (!hasContent) return;
  if (ctx.method === "GET" || ctx.method === "DELETE") {
    throw invalid(`${ctx.method} ${ctx.path} takes no request body: send its parameters in the path and the query.`);
  }
  if (!ctx.is("application/json", "application/*+json")) {
    throw new ApiError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
  }
}
