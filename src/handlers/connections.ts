import type { Handler } from "../dispatch/types.js";
import { paged } from "../dispatch/types.js";
import { connectionView, deleteConnection as remove, listConnections as list } from "../domain/connections.js";
import { callerOf } from "./caller-of.js";

/** GET /connections: the account's connections, newest first. */
export const listConnections: Handler<"listConnections"> = async ({ query }, ctx) => {
  const page = await list(ctx.services.db, callerOf(ctx).accountId, { app: query?.app, limit: query?.limit ?? 50, cursor: query?.cursor });
  return paged({ items: page.items.map(connectionView), nextCursor: page.nextCursor });
};

/** DELETE /connections/{id}: disconnect (the sealed credentials go with the record). */
export const deleteConnection: Handler<"deleteConnection"> = async ({ path }, ctx) => {
  await remove(ctx.services.db, callerOf(ctx).accountId, path.id);
  return { id: path.id, deleted: true };
};
