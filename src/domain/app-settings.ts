/**
 * Operator settings per app: the OAuth client registered with the provider, default scopes, and URL overrides
 * (self-hosted editions such as GitHub Enterprise, regional APIs, or a provider stand-in in tests). Set with
 * `patchbay app configure`, stored in the database (the client secret sealed), read on every connect and call.
 */
import type { Db } from "../db/client.js";
import { leanReads, type LeanQuery } from "../db/lean-reads.js";
import type { Secrets } from "../crypto/secrets.js";
import type { AuthMethod, CatalogApp } from "../catalog/types.js";
import { ApiError, invalid } from "../errors.js";
import { blockedHost } from "../net/blocked-address.js";
import { sampleOfTemplate } from "../catalog/build/connection-variables.js";

export interface AppSettingsInput {
  clientId?: string;
  clientSecret?: string;
  scopes?: string[];
  baseUrl?: string;
  authorizeUrl?: string;
  tokenUrl?: string;
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** An app as it is used: the catalog record with the operator's overrides applied. */
export interface EffectiveApp {
  app: CatalogApp;
  baseUrl: string;
  auth: AuthMethod[];
  oauthClient: OAuthClient | null;
  scopes: string[] | null;
  /**
   * Hosts (`host:port`) of URLs the operator set (base, authorize, token): requests to them may reach private
   * addresses, since the operator chose them (a self-hosted edition, an internal mirror).
   */
  operatorHosts: Set<string>;
}

/**
 * Refuses an app whose base URL the outbound guard would refuse (a published placeholder such as
 * `http://localhost:7700`, a metadata address, a `*.local` name) before a sign-in link is made or a call is tried.
 */
export function assertReachable(eff: EffectiveApp, allowPrivateNetwork: boolean): void {
  // A base URL with connection variables is checked with neutral values in their places (each value is checked when filled in).
  const url = new URL(sampleOfTemplate(eff.baseUrl));
  if (privateAllowed(eff, url, allowPrivateNetwork)) return;
  const kind = blockedHost(url.hostname);
  if (!kind) return;
  throw new ApiError(
    "app_not_configured",
    `${eff.app.name}'s published address ${url.origin} is ${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind} address, which Patchbay does not call. An operator can point the app at its real address: patchbay app configure ${eff.app.id} --base-url <url>`,
  );
}

/** Whether an outbound request to `url` may reach private addresses: allowed for the whole service, or an address the operator set for this app. */
export const privateAllowed = (eff: EffectiveApp, url: URL, allowPrivateNetwork: boolean) => allowPrivateNetwork || eff.operatorHosts.has(url.host);

function checkUrl(name: string, value: string | undefined) {
  if (value === undefined) return;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
  } catch {
    throw invalid(`--${name} must be an http(s) URL, got '${value}'.`);
  }
}

export async function configureApp(db: Db, secrets: Secrets, appId: string, input: AppSettingsInput) {
  checkUrl("base-url", input.baseUrl);
  checkUrl("authorize-url", input.authorizeUrl);
  checkUrl("token-url", input.tokenUrl);
  if ((input.clientId === undefined) !== (input.clientSecret === undefined)) {
    const existing = await db.appConfig.findUnique({ where: { appId } });
    if (!existing?.clientId && input.clientId === undefined) throw invalid("Give --client-id together with --client-secret.");
  }
  const data = {
    ...(input.clientId !== undefined ? { clientId: input.clientId } : {}),
    ...(input.clientSecret !== undefined ? { clientSecretSealed: secrets.seal(input.clientSecret) } : {}),
    ...(input.scopes !== undefined ? { scopes: input.scopes.join(",") } : {}),
    ...(input.baseUrl !== undefined ? { baseUrl: input.baseUrl.replace(/\/+$/, "") } : {}),
    ...(input.authorizeUrl !== undefined ? { authorizeUrl: input.authorizeUrl } : {}),
    ...(input.tokenUrl !== undefined ? { tokenUrl: input.tokenUrl } : {}),
  };
  return db.appConfig.upsert({ where: { appId }, create: { appId, ...data }, update: data });
}

/** An app's operator settings, read on every call and connect (db/lean-reads.ts says why it is lean). */
const APP_CONFIG_BY_ID: LeanQuery = {
  name: "app_config_by_id",
  sqlite: "SELECT clientId, clientSecretSealed, scopes, baseUrl, authorizeUrl, tokenUrl FROM AppConfig WHERE appId = ?",
  postgresql: 'SELECT "clientId", "clientSecretSealed", scopes, "baseUrl", "authorizeUrl", "tokenUrl" FROM "AppConfig" WHERE "appId" = $1',
  dates: [],
};

interface AppSettingsRow {
  clientId: string | null;
  clientSecretSealed: string | null;
  scopes: string | null;
  baseUrl: string | null;
  authorizeUrl: string | null;
  tokenUrl: string | null;
}

async function appSettings(db: Db, appId: string): Promise<AppSettingsRow | null> {
  const lean = leanReads(db);
  if (!lean) return db.appConfig.findUnique({ where: { appId } });
  return (await lean.one<AppSettingsRow>(APP_CONFIG_BY_ID, [appId])) ?? null;
}

export async function effectiveApp(db: Db, secrets: Secrets, app: CatalogApp): Promise<EffectiveApp> {
  const settings = await appSettings(db, app.id);
  const auth = app.auth.map((m) =>
    m.type === "oauth2" ? { ...m, authorizeUrl: settings?.authorizeUrl ?? m.authorizeUrl, tokenUrl: settings?.tokenUrl ?? m.tokenUrl } : m.type === "clientCredentials" ? { ...m, tokenUrl: settings?.tokenUrl ?? m.tokenUrl } : m,
  );
  return {
    app,
    baseUrl: settings?.baseUrl ?? app.baseUrl,
    auth,
    oauthClient: settings?.clientId && settings.clientSecretSealed ? { clientId: settings.clientId, clientSecret: secrets.open(settings.clientSecretSealed) } : null,
    scopes: settings?.scopes ? settings.scopes.split(",").filter(Boolean) : null,
    operatorHosts: new Set([settings?.baseUrl, settings?.authorizeUrl, settings?.tokenUrl].filter((u): u is string => Boolean(u)).map((u) => new URL(u).host)),
  };
}
