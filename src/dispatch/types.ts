import type { OperationId, OperationTypes } from "../../generated/operations.gen.ts";
import type { Caller } from "../gate/caller.js";
import type { Services } from "../services.js";

/** An operation's validated input: path, query, headers and body as the contract declares them. */
export type Input<Op extends OperationId> = Omit<OperationTypes[Op]["data"], "url">;

type Responses<Op extends OperationId> = OperationTypes[Op]["responses"];
/** An operation's success body, as the contract declares it. */
export type Output<Op extends OperationId> = Responses<Op>[keyof Responses<Op>];

/** A success answer with more than a body: a page cursor or extra headers. */
export class Reply<T> {
  constructor(
    readonly body: T,
    readonly opts: { headers?: Record<string, string>; nextCursor?: string | null; status?: number } = {},
  ) {}
}

export interface HandlerContext {
  /** The caller; null only for public operations. */
  caller: Caller | null;
  services: Services;
  requestId: string;
}

export type Handler<Op extends OperationId> = (input: Input<Op>, ctx: HandlerContext) => Promise<Output<Op> | Reply<Output<Op>>>;

export type HandlerMap = { [Op in OperationId]: Handler<Op> };

/** A page of records as a reply: the items as the body, the cursor for the next page in headers. */
export const paged = <T>(page: { items: T[]; nextCursor: string | null }) => new Reply(page.items, { nextCursor: page.nextCursor });
