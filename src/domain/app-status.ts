/** The account's connection status per app, for `GET /apps` and `GET /apps/{app}`. */
import type { Db } from "../db/client.js";
import type { CatalogApp } from "../catalog/types.js";

export type ConnectionState = "not_connected" | "connected" | "needs_reconnect";

export async function withConnectionStatus(db: Db, accountId: string, apps: CatalogApp[]) {
  const rows = apps.length
    ? await db.connection.groupBy({
        by: ["appId", "status"],
        where: { accountId, appId: { in: apps.map((a) => a.id) } },
        _count: { _all: true },
      })
    : [];
  return apps.map((app) => {
    const mine = rows.filter((r) => r.appId === app.id);
    const count = mine.reduce((n, r) => n + r._count._all, 0);
    const state: ConnectionState = mine.some((r) => r.status === "active") ? "connected" : count ? "needs_reconnect" : "not_connected";
    return { ...app, connectionStatus: state, connectionCount: count };
  });
}

/** Ids of the apps the account has an active connection to (tools.find ranks them first). */
export async function connectedAppIds(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.connection.findMany({ where: { accountId, status: "active" }, select: { appId: true }, distinct: ["appId"] });
  return rows.map((r) => r.appId);
}
