import type { HandlerContext } from "../dispatch/types.js";
import type { Caller } from "../gate/caller.js";

/** The caller of an authenticated operation (the dispatcher has already refused calls without one). */
export function callerOf(ctx: HandlerContext): Caller {
  if (!ctx.caller) throw new Error("authenticated operation reached without a caller");
  return ctx.caller;
}
