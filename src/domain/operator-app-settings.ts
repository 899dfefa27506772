/**
 * The operator's settings of apps as the operator sees them (`patchbay app show|list`, `GET /apps/{app}`): which
 * settings are set, never the client secret itself, and removing them (`patchbay app unset`).
 */
import type { Db } from "../db/client.js";

/** What is set for one app; `clientSecret` only says whether one is stored. */
export interface OperatorAppSettings {
  appId: string;
  clientId: string | null;
  clientSecret: "set" | null;
  scopes: string[] | null;
  baseUrl: string | null;
  authorizeUrl: string | null;
  tokenUrl: string | null;
  /** Origin an operation of the app declares as its own server → the operator's URL for it; null when none is set. */
  serverUrls: Record<string, string> | null;
  updatedAt: Date;
}

type Row = NonNullable<Awaited<ReturnType<Db["appConfig"]["findUnique"]>>>;

const view = (row: Row): OperatorAppSettings => ({
  appId: row.appId,
  clientId: row.clientId,
  clientSecret: row.clientSecretSealed ? "set" : null,
  scopes: row.scopes ? row.scopes.split(",").filter(Boolean) : null,
  baseUrl: row.baseUrl,
  authorizeUrl: row.authorizeUrl,
  tokenUrl: row.tokenUrl,
  serverUrls: row.serverUrls ? (JSON.parse(row.serverUrls) as Record<string, string>) : null,
  updatedAt: row.updatedAt,
});

export async function operatorAppSettings(db: Db, appId: string): Promise<OperatorAppSettings | null> {
  const row = await db.appConfig.findUnique({ where: { appId } });
  return row ? view(row) : null;
}

export async function listOperatorAppSettings(db: Db): Promise<OperatorAppSettings[]> {
  return (await db.appConfig.findMany({ orderBy: { appId: "asc" } })).map(view);
}

/** Removes every setting of an app (it goes back to the catalog's description); false when none was set. */
export async function unsetAppSettings(db: Db, appId: string): Promise<boolean> {
  return (await db.appConfig.deleteMany({ where: { appId } })).count > 0;
}
