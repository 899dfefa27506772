/** Connections of an account: every query is scoped to the account, so no caller can reach another's. */
import type { Db } from "../db/client.js";
import { notFound } from "../errors.js";
import { keyset, toPage } from "./pagination.js";
import { leanReads, type LeanQuery } from "../db/lean-reads.js";

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
  variables: connectionVariables(c.variables),
  createdAt: c.createdAt.toISOString(),
  lastUsedAt: c.lastUsedAt?.toISOString() ?? null,
});

/** The connection variables stored with a connection (`{ "subdomain": "acme" }`), never secret. */
export function connectionVariables(json: string | null | undefined): Record<string, string> {
  if (!json) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    return parsed && typeof parsed === "object" ? Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === "string")) : {};
  } catch {
    return {};
  }
}

/** What a call needs of a connection. */
export interface ConnectionForCall {
  id: string;
  status: string;
  authType: string;
  credentialsSealed: string;
  expiresAt: Date | null;
  /** JSON of the connection variables, or null. */
  variables: string | null;
}

const COLUMNS_SQLITE = "id, status, authType, credentialsSealed, expiresAt, variables";
const COLUMNS_PG = 'id, status, "authType", "credentialsSealed", "expiresAt", variables';

/** The connection named by id, within the account and app (read on every call: db/lean-reads.ts says why it is lean). */
const CONNECTION_BY_ID: LeanQuery = {
  name: "connection_by_id",
  sqlite: `SELECT ${COLUMNS_SQLITE} FROM Connection WHERE id = ? AND accountId = ? AND appId = ?`,
  postgresql: `SELECT ${COLUMNS_PG} FROM "Connection" WHERE id = $1 AND "accountId" = $2 AND "appId" = $3`,
  dates: ["expiresAt"],
};

/** The newest active connection of the account to the app. */
const NEWEST_ACTIVE_CONNECTION: LeanQuery = {
  name: "newest_active_connection",
  sqlite: `SELECT ${COLUMNS_SQLITE} FROM Connection WHERE accountId = ? AND appId = ? AND status = 'active' ORDER BY createdAt DESC, id DESC LIMIT 1`,
  postgresql: `SELECT ${COLUMNS_PG} FROM "Connection" WHERE "accountId" = $1 AND "appId" = $2 AND status = 'active' ORDER BY "createdAt" DESC, id DESC LIMIT 1`,
  dates: ["expiresAt"],
};

/** The connection a call uses: the one named, else the account's newest active one to the app; undefined when none. */
export async function connectionForCall(db: Db, accountId: string, appId: string, connectionId?: string): Promise<ConnectionForCall | undefined> {
  const lean = leanReads(db);
  if (connectionId) {
    if (lean) return lean.one<ConnectionForCall>(CONNECTION_BY_ID, [connectionId, accountId, appId]);
    return (await db.connection.findFirst({ where: { id: connectionId, accountId, appId } })) ?? undefined;
  }
  if (lean) return lean.one<ConnectionForCall>(NEWEST_ACTIVE_CONNECTION, [accountId, appId]);
  return (await db.connection.findFirst({ where: { accountId, appId, status: "active" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] })) ?? undefined;
}
