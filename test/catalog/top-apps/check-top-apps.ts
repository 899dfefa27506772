/**
 * The top-100 check (issue 15): for each app agent builders use most (test/fixtures/top-apps.json), through the real
 * server: present (resolves by id, and is the first hit of `GET /apps?search=` for its name and each alias),
 * connectable (its sign-in works against loopback stand-ins that follow its auth facts: OAuth through a real
 * authorization server with PKCE, or the credential form with every field and connection variable, each checked in
 * its place), core actions found (`tools/find` top 5 for `<phrase> in <App>` holds a tool of the app that performs the
 * action: one of the operations test/fixtures/top-apps-core-ops.json accepts for that phrase, judged from the vendor's
 * reference, not from what the finder returns; an empty list there is a gap the app has no operation for), usable
 * (each found tool runs against a stand-in generated from the app's compiled description, which checks the request
 * and the credentials). Stand-ins are reached only through the operator's per-app settings (base, authorize and
 * token URLs, and the server URL of each origin a core tool declares as its own server: `--server-url`), as an
 * operator would point an app at a self-hosted edition.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AuthMethod, CatalogApp, CatalogTool } from "../../../src/catalog/types.js";
import { credentialFields } from "../../../src/catalog/build/auth-methods.js";
import { positionOf } from "../../../src/catalog/build/connection-variables.js";
import { configureApp } from "../../../src/domain/app-settings.js";
import { identityTool } from "../../../src/connect/probe.js";
import { followRedirects, startApiStandIn, startOAuthServer, synthesize, type OAuthServer } from "../../fixtures/providers/index.js";
import type { TestServer } from "../../helpers/server.js";
import { sampleOfPattern } from "./sample-pattern.js";
import { answerWith, filledPath, ownOrigins, ownServerPath, standInBaseUrl, standInPlan, standInServerUrl } from "./stand-in-description.js";

export interface TopApp {
  app: string;
  name: string;
  aliases: string[];
  core: string[];
}

export interface AppVerdict {
  app: string;
  present: boolean;
  /** null when not tried (the app is not present). */
  connectable: boolean | null;
  coreFound: number;
  coreTotal: number;
  usable: boolean;
  /** Why not, for the first step that failed. */
  note: string;
  /** Core phrases not found (when the app is present). */
  misses: Miss[];
}

export const loadTopApps = (file = new URL("../../fixtures/top-apps.json", import.meta.url)) => JSON.parse(readFileSync(file, "utf8")) as TopApp[];

/** An operation that performs a core action: method and path as the catalog lists them, and for a GraphQL tool its named operation. */
export interface CoreOp {
  method: string;
  path: string;
  operation?: string;
}

/** Per app, per core phrase, the operations that really perform it (test/fixtures/top-apps-core-ops.json). */
export type CoreOps = Map<string, Map<string, CoreOp[]>>;

export function loadCoreOps(file = new URL("../../fixtures/top-apps-core-ops.json", import.meta.url)): CoreOps {
  const doc = JSON.parse(readFileSync(file, "utf8")) as { apps: { app: string; core: { phrase: string; accept: CoreOp[] }[] }[] };
  return new Map(doc.apps.map((a) => [a.app, new Map(a.core.map((c) => [c.phrase, c.accept]))]));
}

/** The name of a GraphQL document's operation (`mutation createIssue(...)` → createIssue). */
const graphqlName = (query: string) => /^\s*(?:query|mutation)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(query)?.[1];

/** Whether a tool is one of the operations that perform the action. */
export function performs(tool: Pick<CatalogTool, "http">, accept: CoreOp[]): boolean {
  const { method, path, graphql } = tool.http;
  return accept.some((op) => op.method === method && op.path === path && (graphql ? op.operation === graphqlName(graphql.query) : op.operation === undefined));
}

/** A core phrase that was not found: whether the app has an operation for it at all, and what tools/find put first. */
export interface Miss {
  phrase: string;
  /** The app has no operation for the action (an empty accept list). */
  gap: boolean;
  /** Names of the top-5 tools tools/find returned. */
  top: string[];
}

/** The display name a user would say ("Outlook (Microsoft 365 mail and calendar)" → "Outlook"). */
const spoken = (name: string) => name.replace(/\s*\(.*\)\s*$/, "").trim();

/** Required arguments of a tool, with sample values from their schemas. */
function sampleArguments(tool: CatalogTool): Record<string, unknown> {
  type Prop = { type?: string; pattern?: string; enum?: unknown[]; items?: Prop };
  const schema = tool.inputSchema as { properties?: Record<string, Prop>; required?: string[] };
  const ofPattern = (p: Prop | undefined) => (p?.type === "string" && p.pattern && !p.enum ? sampleOfPattern(p.pattern) : undefined);
  const out: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const prop = schema.properties?.[name] ?? {};
    // A string of a pattern matches it; so does each item of a list of such strings (Twitter's user ids).
    const item = prop.type === "array" ? ofPattern(prop.items) : undefined;
    const patterned = ofPattern(prop) ?? (item === undefined ? undefined : [item]);
    const value = patterned ?? synthesize(prop, 1);
    out[name] = value === undefined ? "x" : value;
  }
  return out;
}

/** A value for a connection variable the user is asked for. */
const askedValue = (v: NonNullable<CatalogApp["variables"]>[number]) => v.default ?? v.enum?.[0] ?? (v.pattern ? sampleOfPattern(v.pattern) : undefined) ?? "acme";

/** Test values of the variables the provider gives: an https origin for an origin, else a plain label. */
const providedValue = (app: CatalogApp, name: string) => (positionOf(app.baseUrl, name) === "origin" ? "https://acme.example.com" : `v${name.replace(/[^a-z0-9]/gi, "").toLowerCase()}1`);

export class TopAppsCheck {
  private oauth!: OAuthServer;
  private stops: (() => Promise<void>)[] = [];

  constructor(
    private readonly server: TestServer,
    private readonly coreOps: CoreOps = loadCoreOps(),
  ) {}

  async start() {
    this.oauth = await startOAuthServer({ subject: "ada" });
    this.stops.push(() => this.oauth.stop());
  }

  async stop() {
    for (const stop of this.stops.splice(0)) await stop().catch(() => {});
  }

  async checkAll(apps: TopApp[]): Promise<AppVerdict[]> {
    const out: AppVerdict[] = [];
    for (const a of apps) out.push(await this.check(a));
    return out;
  }

  async check(entry: TopApp): Promise<AppVerdict> {
    const verdict: AppVerdict = { app: entry.app, present: false, connectable: null, coreFound: 0, coreTotal: entry.core.length, usable: false, note: "", misses: [] };
    const { server } = this;
    const account = await server.newAccount();
    const call = (method: string, path: string, body?: unknown) => server.call(method, path, { key: account.key, body });

    // Present: by id, and first hit for the name and each alias.
    const byId = await call("GET", `/api/v1/apps/${encodeURIComponent(entry.app)}`);
    if (byId.status !== 200) return { ...verdict, note: "no app with this id" };
    for (const q of [spoken(entry.name), ...entry.aliases]) {
      const hit = await call("GET", `/api/v1/apps?search=${encodeURIComponent(q)}&limit=5`);
      const first = (hit.body as { id: string }[])[0]?.id;
      if (first !== entry.app) return { ...verdict, note: `search "${q}" finds ${first ?? "nothing"} first` };
    }
    verdict.present = true;
    const app = byId.body as CatalogApp;

    // Core actions: tools/find, top 5, a tool of this app that performs the action (one of its accepted operations).
    const accepted = this.coreOps.get(entry.app);
    if (!accepted) throw new Error(`${entry.app}: no accepted operations in top-apps-core-ops.json`);
    const found: CatalogTool[] = [];
    const { catalog } = server.service.services;
    for (const phrase of entry.core) {
      const accept = accepted.get(phrase);
      if (!accept) throw new Error(`${entry.app}: no accepted operations for "${phrase}" in top-apps-core-ops.json`);
      const res = await call("POST", "/api/v1/tools/find", { task: `${phrase} in ${spoken(entry.name)}`, limit: 5 });
      // A match is the tool itself with its score and reasons.
      const matches = ((res.body as { tools?: CatalogTool[] }).tools ?? []) as CatalogTool[];
      // Judged on the catalog's tool: the answer does not carry a GraphQL tool's document.
      const hit = matches.map((t) => catalog.getTool(t.name)).find((t) => t?.app === app.id && performs(t, accept));
      if (hit) found.push(hit);
      else verdict.misses.push({ phrase, gap: accept.length === 0, top: matches.map((t) => t.name) });
    }
    verdict.coreFound = found.length;

    // Connectable: a stand-in for the app's API, the sign-in through the real pages.
    const connected = await this.connect(app, account.key, found).catch((err: Error) => ({ ok: false as const, why: err.message.slice(0, 200), standIn: null }));
    verdict.connectable = connected.ok;
    if (!connected.ok) return { ...verdict, note: `sign-in: ${connected.why}` };
    if (verdict.misses.length) return { ...verdict, note: `not found: ${verdict.misses.map((m) => (m.gap ? `${m.phrase} (no operation)` : m.phrase)).join("; ")}` };

    // Usable: every core tool runs against the stand-in, which checks the request and the credentials.
    for (const tool of found) {
      const run = await call("POST", `/api/v1/tools/${tool.name}/run`, { arguments: sampleArguments(tool) });
      const body = run.body as { successful?: boolean; status?: number; error?: { message?: string } | null };
      if (run.status !== 200 || !body.successful) {
        const seen = connected.standIn?.requests.at(-1);
        const why = seen?.problems?.map((p) => p.message).join("; ") ?? body.error?.message ?? JSON.stringify(run.body).slice(0, 160);
        return { ...verdict, note: `${tool.name}: ${run.status} ${body.status ?? ""} ${why}`.slice(0, 240) };
      }
    }
    verdict.usable = true;
    return verdict;
  }

  /** Points the app at fresh stand-ins (operator settings) and signs in through the sign-in link, like a browser. */
  private async connect(app: CatalogApp, key: string, tools: CatalogTool[]) {
    const { server, oauth } = this;
    const services = server.service.services;
    const oauthMethod = app.auth.find((m) => m.type === "oauth2" && m.authorizeUrl && m.tokenUrl);
    const method: AuthMethod | undefined =
      oauthMethod ??
      app.auth.find((m) => m.type === "clientCredentials" && m.tokenUrl) ??
      app.auth.find((m) => m.type === "apiKey") ??
      app.auth.find((m) => m.type === "bearer") ??
      app.auth.find((m) => m.type === "basic") ??
      app.auth.find((m) => m.type === "none");
    if (!method) return { ok: false as const, why: "no sign-in method", standIn: null };

    const values: Record<string, string> = {};
    for (const v of app.variables ?? []) values[v.name] = v.from ? providedValue(app, v.name) : askedValue(v);
    const secrets: Record<string, string> = {};
    for (const f of method.type === "oauth2" ? [] : credentialFields(method)) secrets[f.name] = f.placement.in === "basic" && f.placement.part === "username" ? `AC${randomBytes(8).toString("hex")}` : `k-${f.name.replace(/[^a-z0-9]/gi, "")}-${randomBytes(8).toString("hex")}`;
    // Client credentials: the form's id and secret (the Basic user name and password) are a client of the loopback OAuth server.
    const client = method.type === "clientCredentials" ? Object.fromEntries(credentialFields(method).map((f) => [f.placement.in === "basic" ? f.placement.part : f.name, secrets[f.name]!])) : undefined;
    for (const f of method.type === "oauth2" ? [] : credentialFields(method)) if (f.placement.in === "url") values[f.placement.variable] = secrets[f.name]!;

    // The stand-in answers at the operator's base URL with the test values filled in.
    const probe = identityTool(services, app.id);
    const standInTools = [...tools, ...(probe ? [probe] : [])];
    const identity = (app.variables ?? []).flatMap((v) => (v.from && "request" in v.from ? [{ path: new URL(v.from.request.url, "https://x").pathname, answer: answerWith(v.from.pick, values[v.name]!) }] : []));
    // The base path does not depend on the stand-in's port.
    const pathPrefix = filledPath(standInBaseUrl(app, "http://127.0.0.1:1"), values);
    // Tools with their own server (Box's uploads, PostHog's capture): each origin they declare under a prefix of its own.
    const origins = ownOrigins(standInTools);
    const ownPrefixes = new Map(
      standInTools.flatMap((t) => ownOrigins([t]).map((o) => [t.name, ownServerPath(t, standInServerUrl(o, origins.indexOf(o), "http://127.0.0.1:1"), values)] as const)),
    );
    const plan = standInPlan(app, standInTools, method, { pathPrefix, secrets, identity, ownPrefixes });
    const standIn = await startApiStandIn({ description: plan.description, auth: plan.auth, oauth, credentialParams: plan.credentialParams });
    this.stops.push(() => standIn.stop());
    const settings: Parameters<typeof configureApp>[3] = { baseUrl: standInBaseUrl(app, standIn.url) };
    if (origins.length) settings.serverUrls = Object.fromEntries(origins.map((o, i) => [o, standInServerUrl(o, i, standIn.url)]));
    if (client) {
      oauth.registerClient({ clientId: client.username!, clientSecret: client.password!, redirectUris: [] });
      Object.assign(settings, { tokenUrl: oauth.tokenUrl });
    }
    if (method.type === "oauth2") {
      const clientId = `pb-${app.id}`;
      oauth.registerClient({ clientId, clientSecret: `secret-${app.id}`, redirectUris: [`${services.config.baseUrl}/connect/callback`] });
      Object.assign(settings, { clientId, clientSecret: `secret-${app.id}`, authorizeUrl: oauth.authorizeUrl, tokenUrl: oauth.tokenUrl });
      // The token answer as the app's description says the provider shapes it: where the token is, what comes beside it.
      const fromToken = Object.fromEntries((app.variables ?? []).flatMap((v) => (v.from && "tokenField" in v.from ? [[v.from.tokenField, values[v.name]]] : [])));
      const at = method.tokenField;
      oauth.shapeTokenResponse((t) => ({ ...fromToken, ...(at ? nest(at.split("."), t.access_token, t) : t) }));
    }
    await configureApp(services.db, services.secrets, app.id, settings, services.catalog);

    const link = await server.call("POST", `/api/v1/apps/${app.id}/connect`, { key, body: {} });
    if (link.status !== 201) return { ok: false as const, why: `connect link: ${link.status} ${JSON.stringify(link.body).slice(0, 160)}`, standIn };
    let last;
    const page = await fetch(link.body.url, { redirect: "manual" });
    const html = await page.text();
    if (page.status >= 300 && page.status < 400) {
      last = (await followRedirects(new URL(page.headers.get("location")!, link.body.url).toString())).hops.at(-1)!;
    } else {
      if (page.status !== 200) return { ok: false as const, why: `sign-in page ${page.status}`, standIn };
      const asked = [...html.matchAll(/<(?:input|select)[^>]*\bname="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
      const form: Record<string, string> = {};
      for (const name of asked) {
        const value = secrets[name] ?? values[name];
        if (value === undefined) return { ok: false as const, why: `the form asks "${name}", which the app's description does not declare`, standIn };
        form[name] = value;
      }
      const wanted = [...Object.keys(secrets), ...(app.variables ?? []).filter((v) => !v.from).map((v) => v.name)];
      const absent = wanted.filter((n) => !asked.includes(n));
      if (absent.length) return { ok: false as const, why: `the form lacks ${absent.join(", ")}`, standIn };
      const res = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form), redirect: "manual" });
      last = res.status >= 300 && res.status < 400 ? (await followRedirects(new URL(res.headers.get("location")!, link.body.url).toString())).hops.at(-1)! : { status: res.status, body: await res.text() };
    }
    if (last.status !== 200 || !last.body.includes("is connected")) {
      const text = last.body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 200);
      return { ok: false as const, why: `sign-in ended with ${last.status}: ${text}`, standIn };
    }
    const [conn] = (await server.call("GET", `/api/v1/connections?app=${app.id}`, { key })).body as { variables?: Record<string, string> }[];
    for (const v of app.variables ?? []) {
      const held = conn?.variables?.[v.name];
      if (held?.toLowerCase() !== values[v.name]!.toLowerCase()) return { ok: false as const, why: `the connection holds ${v.name}=${held}, not ${values[v.name]}`, standIn };
    }
    return { ok: true as const, why: "", standIn };
  }
}

/** A token answer with the access token (and its refresh token, expiry and scope beside it) at a dot path. */
function nest(path: string[], token: string, t: { refresh_token: string; expires_in: number; scope: string; token_type: string }): Record<string, unknown> {
  const inner = { access_token: token, refresh_token: t.refresh_token, expires_in: t.expires_in, scope: t.scope, token_type: t.token_type };
  return path.slice(0, -1).reduceRight<Record<string, unknown>>((acc, key) => ({ [key]: acc }), inner);
}

export interface Totals {
  apps: number;
  present: number;
  connectable: number;
  coreFound: number;
  usable: number;
}

export function totalsOf(rows: AppVerdict[]): Totals {
  return {
    apps: rows.length,
    present: rows.filter((r) => r.present).length,
    connectable: rows.filter((r) => r.connectable).length,
    coreFound: rows.filter((r) => r.present && r.coreFound === r.coreTotal).length,
    usable: rows.filter((r) => r.usable).length,
  };
}

/** The table: one row per app, then the totals. */
export function formatTable(rows: AppVerdict[]): string {
  const mark = (b: boolean | null) => (b === null ? "-" : b ? "yes" : "no");
  const lines = ["| app | present | connectable | core found | usable | note |", "|---|---|---|---|---|---|"];
  for (const r of rows) lines.push(`| ${r.app} | ${mark(r.present)} | ${mark(r.connectable)} | ${r.present ? `${r.coreFound}/${r.coreTotal}` : "-"} | ${mark(r.usable)} | ${r.note.replace(/\|/g, "/")} |`);
  const t = totalsOf(rows);
  lines.push(`| **total (${t.apps})** | ${t.present} | ${t.connectable} | ${t.coreFound} (all core found) | **${t.usable}** | |`);
  return lines.join("\n");
}
