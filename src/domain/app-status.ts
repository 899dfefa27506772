/** The account's connection status per app, for `GET /apps` and `GET /apps/{app}`. */
import type { Db } from "../db/client.js";
import { leanReads, type LeanQuery } from "../db/lean-reads.js";
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

/** One row, the app ids joined by newlines (lean reads return one row; an app id holds no newline). */
const CONNECTED_APP_IDS: LeanQuery = {
  name: "connected_app_ids",
  sqlite: "SELECT group_concat(appId, char(10)) AS apps FROM (SELECT DISTINCT appId FROM Connection WHERE accountId = ? AND status = 'active')",
  postgresql: `SELECT string_agg(DISTINCT "appId", E'\\n') AS apps FROM "Connection" WHERE "accountId" = $1 AND status = 'active'`,
  dates: [],
};

/** Ids of the apps the account has an active connection to (tools.find ranks them first; read on every find, lean). */
export async function connectedAppIds(db: Db, accountId: string): Promise<string[]> {
  const lean = leanReads(db);
  if (lean) {
    const row = await lean.one<{ apps: string | null }>(CONNECTED_APP_IDS, [accountId]);
    return row?.apps ? row.apps.split("\n") : [];
  }
  const rows = await db.connection.findMany({ where: { accountId, status: "active" }, select: { appId: true }, distinct: ["appId"] });
  return rows.map((r) => r.appId);
}
