/**
 * An operation's own server: OpenAPI lets an operation or its path item declare `servers` that replace the
 * description's for it (Dropbox serves uploads and downloads from content.dropboxapi.com, the rest from
 * api.dropboxapi.com; PostHog takes events at {region}.i.posthog.com). The tool then carries its own absolute base
 * URL; its variables are the app's connection variables (filled per connection, as the app's base URL) or take their
 * default. Documented in src/catalog/README.md ("Operations with their own server").
 */
import type { ConnectionVariable, ToolHttp } from "../types.js";
import { baseUrlOf, chosenServer } from "./app-record.js";
import { positionOf, positionProblem } from "./connection-variables.js";

type Json = Record<string, any>;

/** What an operation's server is resolved against: the app's base URL and the names its connections fill in. */
export interface ServerContext {
  /** The provider's domain: a relative server is put under it, as the app's is. */
  provider: string;
  /** The app's base URL (a template when it has connection variables). */
  appBaseUrl: string;
  variables: ConnectionVariable[];
  /** Names of the secret server variables (credential fields placed in the URL: Telegram's `bot{token}`). */
  urlSecrets: string[];
}

export type OwnServer = Pick<ToolHttp, "baseUrl" | "baseUrlValues">;

const nonEmpty = (servers: unknown): Json[] | undefined =>
  Array.isArray(servers) && servers.some((s) => s && typeof s === "object" && typeof s.url === "string") ? (servers as Json[]) : undefined;

/**
 * The operation's own base URL, or undefined when it has none or it is the app's. A variable of the operation's
 * server named like one of the app's connection variables (or URL secrets) stays a `{name}` placeholder, filled per
 * connection; `x-patchbay-values` on it maps the connection's value to the one this host needs (Mixpanel's data
 * residency `eu.mixpanel.com` → ingestion `api-eu.mixpanel.com`). Other variables take their default. A server
 * with a variable nothing can fill is ignored: the operation keeps the app's base URL, as before this existed.
 */
export function operationServer(item: Json, op: Json, ctx: ServerContext | undefined, where: string): OwnServer | undefined {
  if (!ctx) return undefined;
  const servers = nonEmpty(op.servers) ?? nonEmpty(item.servers);
  if (!servers) return undefined;
  const server = chosenServer({ servers }) as Json | undefined;
  if (!server || typeof server.url !== "string") return undefined;
  const filled = new Map<string, ConnectionVariable | null>([...ctx.variables.map((v) => [v.name, v] as const), ...ctx.urlSecrets.map((n) => [n, null] as const)]);
  const keep = new Set([...server.url.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!).filter((n) => filled.has(n)));
  const template = baseUrlOf({ servers: [server] }, ctx.provider, keep);
  const unfilled = [...template.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!).filter((n) => !filled.has(n));
  if (unfilled.length || placeholderHost(template)) return undefined;
  const declared = (server.variables && typeof server.variables === "object" ? server.variables : {}) as Record<string, Json>;
  const baseUrlValues: Record<string, Record<string, string>> = {};
  for (const name of keep) {
    const raw = declared[name]?.["x-patchbay-values"];
    if (raw === undefined) continue;
    baseUrlValues[name] = valuesOf(raw, name, filled.get(name) ?? null, template, where);
  }
  const same = template === ctx.appBaseUrl || (template.startsWith("http://") && `https://${template.slice(7)}` === ctx.appBaseUrl);
  if (same && !Object.keys(baseUrlValues).length) return undefined;
  return Object.keys(baseUrlValues).length ? { baseUrl: template, baseUrlValues } : { baseUrl: template };
}

/** A host the description's author wrote as an example (`your-hrp-server.com`, `example.com`), not an address to call. */
function placeholderHost(template: string): boolean {
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/:]+)/i.exec(template)?.[1] ?? "";
  return host.split(".").some((label) => /^(example|your)([-_]|$)/i.test(label));
}

/**
 * `x-patchbay-values: { <connection value>: <value here> }`, checked: strings that fit their place in the template,
 * and one for every value the connection variable allows. A malformed one stops the build (only descriptions
 * written in this repository use it).
 */
function valuesOf(raw: unknown, name: string, variable: ConnectionVariable | null, template: string, where: string): Record<string, string> {
  const fail = (why: string) => new Error(`${where}: servers[0].variables.${name}.x-patchbay-values ${why}`);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw fail("must map each value of the connection to the value this server needs");
  if (!variable) throw fail("is for connection variables, not credentials");
  const out: Record<string, string> = {};
  const position = positionOf(template, name)!;
  for (const [from, to] of Object.entries(raw as Json)) {
    if (typeof to !== "string") throw fail(`maps '${from}' to something other than a string`);
    const problem = positionProblem(position, to);
    if (problem) throw fail(`maps '${from}' to '${to}', which ${problem}`);
    out[from] = to;
  }
  const missing = (variable.enum ?? []).filter((v) => !Object.hasOwn(out, v));
  if (missing.length) throw fail(`has no value for ${missing.join(", ")}`);
  return out;
}
