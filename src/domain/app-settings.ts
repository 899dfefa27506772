/**
 * Operator settings per app: the OAuth client registered with the provider, default scopes, and URL overrides
 * (self-hosted editions such as GitHub Enterprise, regional APIs, or a provider stand-in in tests): the app's base URL,
 * its OAuth URLs, and the URL of each host its operations declare as their own server (Box's uploads at
 * upload.box.com). Set with `patchbay app configure`, stored in the database (the client secret sealed), read on
 * every connect and call.
 */
import type { Db } from "../db/client.js";
import { leanReads, type LeanQuery } from "../db/lean-reads.js";
import type { Secrets } from "../crypto/secrets.js";
import type { AuthMethod, Catalog, CatalogApp } from "../catalog/types.js";
import { ApiError, invalid } from "../errors.js";
import { blockedHost } from "../net/blocked-address.js";
import { sampleOfTemplate } from "../catalog/build/connection-variables.js";
import { credentialFields } from "../catalog/build/auth-methods.js";

export interface AppSettingsInput {
  clientId?: string;
  clientSecret?: string;
  scopes?: string[];
  baseUrl?: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  /**
   * Origins the app's operations declare as their own server (`https://upload.box.com`, `https://{region}.i.posthog.com`)
   * → the operator's URL for each. Merged into what is set: an origin not named stays as it is; "" or null removes one.
   */
  serverUrls?: Record<string, string | null>;
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
   * The operator's URL per origin the app's operations declare as their own server (keys as the catalog writes the
   * origin, `https://upload.box.com`): such an operation is called there, the rest of its server's URL kept after it.
   * Absent or empty: none set.
   */
  serverUrls?: Record<string, string>;
  /**
   * Hosts (`host:port`) of URLs the operator set (base, authorize, token, server URLs): requests to them may reach
   * private addresses, since the operator chose them (a self-hosted edition, an internal mirror).
   */
  operatorHosts: Set<string>;
}

/**
 * The origin of a base URL template as written, placeholders kept: `https://upload.box.com/api/2.0` →
 * `https://upload.box.com`, `https://{region}.i.posthog.com` → itself, `{instance_url}/services` → `{instance_url}`.
 */
export function serverOrigin(template: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(template)?.[0] ?? /^\{[^}]+\}/.exec(template)?.[0] ?? template;
}

/** The origins an app's operations declare as their own server (`ToolHttp.baseUrl`), each once, in the catalog's spelling. */
export function declaredServerOrigins(catalog: Pick<Catalog, "toolNames" | "getTool">, appId: string): string[] {
  const origins = new Set<string>();
  for (const name of catalog.toolNames(appId)) {
    const own = catalog.getTool(name)?.http.baseUrl;
    if (own) origins.add(serverOrigin(own));
  }
  return [...origins].sort();
}

/** An origin as the operator may write it: any case, a trailing slash. */
const originKey = (origin: string) => origin.trim().replace(/\/+$/, "").toLowerCase();

/**
 * The operator's server URLs checked against what the app declares: each origin one its operations declare as their
 * own server, each URL an http(s) URL whose `{placeholders}` are the app's connection variables or secrets placed in
 * the URL (filled per connection, as in the declared server). Returns the settings merged into `current`.
 */
function mergeServerUrls(catalog: Pick<Catalog, "getApp" | "toolNames" | "getTool">, appId: string, current: Record<string, string>, given: Record<string, string | null>): Record<string, string> {
  const app = catalog.getApp(appId);
  const declared = declaredServerOrigins(catalog, appId);
  const byKey = new Map(declared.map((o) => [originKey(o), o]));
  const fillable = new Set([...(app?.variables ?? []).map((v) => v.name), ...(app?.auth ?? []).flatMap((m) => (m.type === "oauth2" || m.type === "none" ? [] : credentialFields(m)).flatMap((f) => (f.placement.in === "url" ? [f.placement.variable] : [])))]);
  const out = { ...current };
  for (const [origin, value] of Object.entries(given)) {
    const known = byKey.get(originKey(origin));
    if (!known) {
      const main = app && originKey(serverOrigin(app.baseUrl)) === originKey(origin) ? ` ${origin} is the app's main address: set it with --base-url.` : "";
      throw invalid(
        declared.length
          ? `--server-url: no operation of ${appId} declares its own server at '${origin}'.${main} Its operations declare: ${declared.join(", ")}.`
          : `--server-url: no operation of ${appId} declares a server of its own, so there is no address to set besides the app's main one (--base-url).${main}`,
      );
    }
    if (value === null || value === "") {
      delete out[known];
      continue;
    }
    if (typeof value !== "string") throw invalid(`--server-url for ${known} must be an http(s) URL, got ${JSON.stringify(value)}.`);
    checkUrl(`server-url for ${known}`, value);
    const unknown = [...value.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!).filter((name) => !fillable.has(name));
    if (unknown.length) {
      throw invalid(
        `--server-url for ${known}: {${unknown[0]}} is not a value a connection to ${appId} holds${fillable.size ? ` (it holds ${[...fillable].map((n) => `{${n}}`).join(", ")})` : " (it holds none)"}.`,
      );
    }
    out[known] = value.trim().replace(/\/+$/, "");
  }
  return out;
}

const parseServerUrls = (text: string | null | undefined): Record<string, string> => (text ? (JSON.parse(text) as Record<string, string>) : {});

/**
 * Refuses an app whose base URL the outbound guard would refuse (a published placeholder such as
 * `http://localhost:7700`, a metadata address, a `*.local` name) before a sign-in link is made or a call is tried.
 */
export function assertReachable(eff: EffectiveApp, allowPrivateNetwork: boolean): void {
  // An EffectiveApp never changes (a settings change makes a new one): its answer is remembered per setting.
  // (null, "reachable", is an answer too: `??=` would have asked again on every call, parsing the URL each time.)
  let known = reachable.get(eff);
  if (known === undefined) reachable.set(eff, (known = [undefined, undefined]));
  const i = allowPrivateNetwork ? 1 : 0;
  let refusal = known[i];
  if (refusal === undefined) known[i] = refusal = refusalOf(eff, allowPrivateNetwork);
  if (refusal !== null) throw new ApiError("app_not_configured", refusal);
}

/** Per EffectiveApp, its refusal with private networks refused and allowed: undefined until asked, null when reachable. */
const reachable = new WeakMap<EffectiveApp, [string | null | undefined, string | null | undefined]>();

/** Why calls to the app's base URL are refused, or null when they are not. */
function refusalOf(eff: EffectiveApp, allowPrivateNetwork: boolean): string | null {
  // A base URL with connection variables is checked with neutral values in their places (each value is checked when filled in).
  const url = new URL(sampleOfTemplate(eff.baseUrl));
  if (privateAllowed(eff, url, allowPrivateNetwork)) return null;
  const kind = blockedHost(url.hostname);
  if (!kind) return null;
  return `${eff.app.name}'s published address ${url.origin} is ${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind} address, which Patchbay does not call. An operator can point the app at its real address: patchbay app configure ${eff.app.id} --base-url <url>`;
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

/**
 * Stores settings of an app (only those given change). Server URLs are checked against the origins the app's
 * operations declare, so they need the catalog.
 */
export async function configureApp(db: Db, secrets: Secrets, appId: string, input: AppSettingsInput, catalog?: Pick<Catalog, "getApp" | "toolNames" | "getTool">) {
  checkUrl("base-url", input.baseUrl);
  checkUrl("authorize-url", input.authorizeUrl);
  checkUrl("token-url", input.tokenUrl);
  const halfClient = (input.clientId === undefined) !== (input.clientSecret === undefined);
  const existing = halfClient || input.serverUrls !== undefined ? await db.appConfig.findUnique({ where: { appId } }) : null;
  if (halfClient) {
    if (!existing?.clientId && input.clientId === undefined) throw invalid("Give --client-id together with --client-secret.");
  }
  let serverUrls: string | null | undefined;
  if (input.serverUrls !== undefined) {
    if (!catalog) throw new Error("configureApp: server URLs are checked against the catalog; pass it.");
    if (!input.serverUrls || typeof input.serverUrls !== "object" || Array.isArray(input.serverUrls)) throw invalid("serverUrls must be an object of declared origin → URL.");
    const merged = mergeServerUrls(catalog, appId, parseServerUrls(existing?.serverUrls), input.serverUrls);
    serverUrls = Object.keys(merged).length ? JSON.stringify(merged) : null;
  }
  const data = {
    ...(input.clientId !== undefined ? { clientId: input.clientId } : {}),
    ...(input.clientSecret !== undefined ? { clientSecretSealed: secrets.seal(input.clientSecret) } : {}),
    ...(input.scopes !== undefined ? { scopes: input.scopes.join(",") } : {}),
    ...(input.baseUrl !== undefined ? { baseUrl: input.baseUrl.replace(/\/+$/, "") } : {}),
    ...(input.authorizeUrl !== undefined ? { authorizeUrl: input.authorizeUrl } : {}),
    ...(input.tokenUrl !== undefined ? { tokenUrl: input.tokenUrl } : {}),
    ...(serverUrls !== undefined ? { serverUrls } : {}),
  };
  return db.appConfig.upsert({ where: { appId }, create: { appId, ...data }, update: data });
}

/** An app's operator settings, read on every call and connect (db/lean-reads.ts says why it is lean). */
const APP_CONFIG_BY_ID: LeanQuery = {
  name: "app_config_by_id",
  sqlite: "SELECT clientId, clientSecretSealed, scopes, baseUrl, authorizeUrl, tokenUrl, serverUrls FROM AppConfig WHERE appId = ?",
  postgresql: 'SELECT "clientId", "clientSecretSealed", scopes, "baseUrl", "authorizeUrl", "tokenUrl", "serverUrls" FROM "AppConfig" WHERE "appId" = $1',
  dates: [],
};

interface AppSettingsRow {
  clientId: string | null;
  clientSecretSealed: string | null;
  scopes: string | null;
  baseUrl: string | null;
  authorizeUrl: string | null;
  tokenUrl: string | null;
  serverUrls: string | null;
}

async function appSettings(db: Db, appId: string): Promise<AppSettingsRow | null> {
  const lean = leanReads(db);
  if (!lean) return db.appConfig.findUnique({ where: { appId } });
  return (await lean.one<AppSettingsRow>(APP_CONFIG_BY_ID, [appId])) ?? null;
}

/**
 * The last EffectiveApp made per app with the settings it was made from: a call reads the settings every time (a
 * change is used at once) but rebuilds the app only when they differ (parsing URLs and JSON was ~3 % of a proxied call).
 */
const lastEffective = new WeakMap<CatalogApp, { settings: AppSettingsRow | null; eff: EffectiveApp }>();

/** Every field of the settings (the type makes the list whole: a field added to AppSettingsRow must be named here). */
const SETTINGS_FIELDS = Object.keys({
  clientId: true,
  clientSecretSealed: true,
  scopes: true,
  baseUrl: true,
  authorizeUrl: true,
  tokenUrl: true,
  serverUrls: true,
} satisfies Record<keyof AppSettingsRow, true>) as (keyof AppSettingsRow)[];

/** The same settings, field by field (each is text or null). */
const sameSettings = (a: AppSettingsRow | null, b: AppSettingsRow | null) => a === b || (a !== null && b !== null && SETTINGS_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null)));

export async function effectiveApp(db: Db, secrets: Secrets, app: CatalogApp): Promise<EffectiveApp> {
  const settings = await appSettings(db, app.id);
  const last = lastEffective.get(app);
  if (last && sameSettings(last.settings, settings)) return last.eff;
  const eff = Object.freeze(buildEffectiveApp(secrets, app, settings));
  lastEffective.set(app, { settings, eff });
  return eff;
}

function buildEffectiveApp(secrets: Secrets, app: CatalogApp, settings: AppSettingsRow | null): EffectiveApp {
  const auth = app.auth.map((m) =>
    m.type === "oauth2" ? { ...m, authorizeUrl: settings?.authorizeUrl ?? m.authorizeUrl, tokenUrl: settings?.tokenUrl ?? m.tokenUrl } : m.type === "clientCredentials" ? { ...m, tokenUrl: settings?.tokenUrl ?? m.tokenUrl } : m,
  );
  const serverUrls = parseServerUrls(settings?.serverUrls);
  return {
    app,
    baseUrl: settings?.baseUrl ?? app.baseUrl,
    auth,
    oauthClient: settings?.clientId && settings.clientSecretSealed ? { clientId: settings.clientId, clientSecret: secrets.open(settings.clientSecretSealed) } : null,
    scopes: settings?.scopes ? settings.scopes.split(",").filter(Boolean) : null,
    serverUrls,
    operatorHosts: new Set([settings?.baseUrl, settings?.authorizeUrl, settings?.tokenUrl, ...Object.values(serverUrls)].filter((u): u is string => Boolean(u)).map((u) => new URL(u).host)),
  };
}
