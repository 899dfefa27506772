/** Connections of an account: every query is scoped to the account, so no caller can reach another's. */
import type { Db } from "../db/client.js";
import { notFound } from "../errors.js";
import { keyset, toPage } from "./pagination.js";

export async function listConnections(db: Db, accountId: string, opts: { app?: string; limit: number; cursor?: string }) {
  const { where, orderBy } = keyset(opts.cursor);
  const rows = await db.connection.findMany({
    where: { accountId, ...(opts.app ? { appId: opts.app } : {}), ...where },
    orderBy,
    take: opts.limit + 1,
  });
  return toPage(rows, opts.limit);
}

export async function deleteConnection(db: Db, accountId: string, id: string) {
  const { count } = await db.connection.deleteMany({ where: { id, accountId } });
  if (!count) throw notFound("connection", id);
}

export type ConnectionRow = Awaited<ReturnType<typeof listConnections>>["items"][number];

export const connectionView = (c: ConnectionRow) => ({
  id: c.id,
  app: c.appId,
  status: c.status as "active" | "needs_reconnect",
  authType: c.authType as "oauth2" | "apiKey" | "basic" | "bearer" | "none",
  label: c.label,
  scopes: c.scopes ? c.scopes.split(",") : [],
  createdAt: c.createdAt.toISOString(),
  lastUsedAt: c.lastUsedAt?.toISOString() ?? null,
});
