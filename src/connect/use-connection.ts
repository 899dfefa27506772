/**
 * Picks the connection a call uses (the one named, else the newest active one to the app) and makes sure its
 * credentials work: an OAuth token that expires within a minute is refreshed first. A connection whose refresh
 * fails is marked `needs_reconnect` and is never used silently.
 */
import type { Services } from "../services.js";
import type { EffectiveApp } from "../domain/app-settings.js";
import { ApiError } from "../errors.js";
import { connectionForCall, connectionVariables } from "../domain/connections.js";
import { openCredentials, sealCredentials, type Credentials } from "./credentials.js";
import { tokenRequest, TokenRequestError } from "./oauth/token-request.js";
import { clientCredentialsToken } from "./client-credentials.js";
import { fillTemplate, TemplateValueError } from "../catalog/build/connection-variables.js";

const REFRESH_AHEAD_MS = 60_000;

export interface ConnectionInUse {
  id: string;
  credentials: Credentials;
  authType: string;
  expiresAt: Date | null;
  sealed: string;
  /** The connection variables (`{ subdomain: "acme" }`), filled into the app's URLs. */
  variables: Record<string, string>;
}

const needsReconnect = (appId: string, why: string) =>
  new ApiError("connection_needs_reconnect", `The connection to ${appId} needs to be connected again (${why}). Create a sign-in link: POST /api/v1/apps/${appId}/connect.`);

export async function useConnection(services: Services, accountId: string, eff: EffectiveApp, connectionId?: string): Promise<ConnectionInUse> {
  const { db, secrets } = services;
  const appId = eff.app.id;
  const row = await connectionForCall(db, accountId, appId, connectionId);
  if (!row) {
    if (connectionId) throw new ApiError("not_found", `No connection '${connectionId}' to ${appId} in this account.`);
    const stale = await db.connection.count({ where: { accountId, appId } });
    if (stale) throw needsReconnect(appId, "its credentials stopped working");
    throw new ApiError("app_not_connected", `This account has no connection to ${appId}. Create a sign-in link with POST /api/v1/apps/${appId}/connect (MCP: connect_app) and open it.`);
  }
  if (row.status !== "active") throw needsReconnect(appId, "its credentials stopped working");
  const inUse: ConnectionInUse = {
    id: row.id,
    credentials: openCredentials(secrets, row.credentialsSealed),
    authType: row.authType,
    expiresAt: row.expiresAt,
    sealed: row.credentialsSealed,
    variables: connectionVariables(row.variables),
  };
  const expiring = row.expiresAt !== null && row.expiresAt.getTime() - Date.now() < REFRESH_AHEAD_MS;
  if ((inUse.credentials.type === "oauth2" && expiring) || (inUse.credentials.type === "clientCredentials" && (expiring || !inUse.credentials.accessToken))) {
    return refreshConnection(services, eff, inUse);
  }
  return inUse;
}

const inFlight = new Map<string, Promise<ConnectionInUse>>();

/**
 * Refreshes an OAuth connection's tokens, or gets a client-credentials connection a new token (one at a time per
 * connection in this process).
 */
export function refreshConnection(services: Services, eff: EffectiveApp, conn: ConnectionInUse): Promise<ConnectionInUse> {
  const running = inFlight.get(conn.id);
  if (running) return running;
  const work = doRefresh(services, eff, conn).finally(() => inFlight.delete(conn.id));
  inFlight.set(conn.id, work);
  return work;
}

async function doRefresh(services: Services, eff: EffectiveApp, conn: ConnectionInUse): Promise<ConnectionInUse> {
  const { db, secrets } = services;
  const creds = conn.credentials;
  const method = eff.auth.find((m) => m.type === creds.type);
  const tokenUrl = method?.tokenUrl && fillOrNull(method.tokenUrl, conn.variables);
  const markStale = async (why: string) => {
    // Another instance may have refreshed (and rotated the refresh token) meanwhile: then use its tokens.
    const now = await db.connection.findUnique({ where: { id: conn.id } });
    if (now && now.status === "active" && now.credentialsSealed !== conn.sealed) {
      return { ...conn, credentials: openCredentials(secrets, now.credentialsSealed), expiresAt: now.expiresAt, sealed: now.credentialsSealed };
    }
    await db.connection.update({ where: { id: conn.id }, data: { status: "needs_reconnect" } });
    services.log.warn({ connection: conn.id, app: eff.app.id, why }, "connection needs reconnect");
    throw needsReconnect(eff.app.id, why);
  };
  if (creds.type === "clientCredentials") {
    if (!method) return markStale("the app no longer signs in with a client ID and secret");
    let got;
    try {
      got = await clientCredentialsToken(services, eff, method, creds, conn.variables);
    } catch (err) {
      if (err instanceof TokenRequestError && err.status !== null && err.status < 500) return markStale(`getting an access token with the client ID and secret failed: ${err.message}`);
      throw new ApiError("upstream_error", `Getting a ${eff.app.id} access token failed: ${(err as Error).message}. Try again.`, { upstreamStatus: (err as TokenRequestError).status ?? undefined });
    }
    const sealed = sealCredentials(secrets, got.credentials);
    await db.connection.update({ where: { id: conn.id }, data: { credentialsSealed: sealed, expiresAt: got.expiresAt } });
    return { ...conn, credentials: got.credentials, expiresAt: got.expiresAt, sealed };
  }
  if (creds.type !== "oauth2" || !creds.refreshToken) return markStale("the access token expired and there is no refresh token");
  if (!eff.oauthClient || !tokenUrl) return markStale("the app's OAuth client is no longer configured");
  let tokens;
  try {
    tokens = await tokenRequest(tokenUrl, eff.oauthClient, { grant_type: "refresh_token", refresh_token: creds.refreshToken }, { eff, allowPrivateNetwork: services.config.allowPrivateNetwork, tokenField: method?.tokenField, clientAuth: method?.clientAuth });
  } catch (err) {
    if (err instanceof TokenRequestError && err.status !== null && err.status < 500) return markStale(`refreshing the token failed: ${err.message}`);
    throw new ApiError("upstream_error", `Refreshing the ${eff.app.id} token failed: ${(err as Error).message}. Try again.`, { upstreamStatus: (err as TokenRequestError).status ?? undefined });
  }
  // A new refresh token in the answer replaces the old one (rotation); without one, the old one stays valid.
  const credentials: Credentials = { type: "oauth2", accessToken: tokens.accessToken, refreshToken: tokens.refreshToken ?? creds.refreshToken, tokenType: tokens.tokenType };
  const sealed = sealCredentials(secrets, credentials);
  await db.connection.update({
    where: { id: conn.id },
    data: { credentialsSealed: sealed, expiresAt: tokens.expiresAt, ...(tokens.scopes ? { scopes: tokens.scopes.join(",") } : {}) },
  });
  return { ...conn, credentials, expiresAt: tokens.expiresAt, sealed };
}

/** The token URL with the connection's variables (`https://{shop}.myshopify.com/admin/oauth/access_token`), or null when one is missing. */
function fillOrNull(template: string, variables: Record<string, string>): string | null {
  try {
    return fillTemplate(template, variables);
  } catch (err) {
    if (err instanceof TemplateValueError) return null;
    throw err;
  }
}
