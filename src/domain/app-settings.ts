/**
 * Operator settings per app: the OAuth client registered with the provider, default scopes, and URL overrides
 * (self-hosted editions such as GitHub Enterprise, regional APIs, or a provider stand-in in tests). Set with
 * `patchbay app configure`, stored in the database (the client secret sealed), read on every connect and call.
 */
import type { Db } from "../db/client.js";
import type { Secrets } from "../crypto/secrets.js";
import type { AuthMethod, CatalogApp } from "../catalog/types.js";
import { invalid } from "../errors.js";

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
}

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

export async function effectiveApp(db: Db, secrets: Secrets, app: CatalogApp): Promise<EffectiveApp> {
  const settings = await db.appConfig.findUnique({ where: { appId: app.id } });
  const auth = app.auth.map((m) =>
    m.type === "oauth2" ? { ...m, authorizeUrl: settings?.authorizeUrl ?? m.authorizeUrl, tokenUrl: settings?.tokenUrl ?? m.tokenUrl } : m,
  );
  return {
    app,
    baseUrl: settings?.baseUrl ?? app.baseUrl,
    auth,
    oauthClient: settings?.clientId && settings.clientSecretSealed ? { clientId: settings.clientId, clientSecret: secrets.open(settings.clientSecretSealed) } : null,
    scopes: settings?.scopes ? settings.scopes.split(",").filter(Boolean) : null,
  };
}
