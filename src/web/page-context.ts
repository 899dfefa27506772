/** What a page is given to render: the services, the dispatcher (pages read through the API's own operations), who is signed in. */
import type { Dispatcher } from "../dispatch/dispatcher.js";
import type { OperationId } from "../../generated/operations.gen.ts";
import type { Input, Output } from "../dispatch/types.js";
import type { Caller } from "../gate/caller.js";
import type { Services } from "../services.js";
import type { PageUser } from "./pages/layout.js";

export interface PageContext {
  services: Services;
  dispatcher: Dispatcher;
  path: string;
  query: Record<string, string | undefined>;
  /** The signed-in caller, when there is one. */
  caller: Caller | null;
  user: PageUser | null;
  /** The CSRF token for this page's forms (the session's, or the pre-session cookie's). */
  csrf: string;
  requestId: string;
}

/** Reads through an operation of the contract, as the signed-in account: the same records as the REST API shows. */
export async function read<Op extends OperationId>(ctx: PageContext, operationId: Op, input: Input<Op>): Promise<Output<Op>> {
  const reply = await ctx.dispatcher.invoke(operationId, input, ctx.caller, ctx.requestId);
  return reply.body as Output<Op>;
}

/** What a page answers: the markup and its status. */
export interface Rendered {
  status?: number;
  html: string;
}
