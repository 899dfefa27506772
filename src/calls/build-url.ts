/** The URL of a call: the app's base URL plus a path that cannot leave it (no `..`, no other host, no scheme). */
import { BoundedMemo } from "../bounded-memo.js";
import { ApiError, invalid } from "../errors.js";
import { fillTemplate, sampleOfTemplate, TemplateValueError } from "../catalog/build/connection-variables.js";
import type { EffectiveApp } from "../domain/app-settings.js";
import { methodOf, urlSecrets, type Credentials } from "../connect/credentials.js";

/** Whether the app's (or operator's) base URL has connection variables or a secret in it. */
export const isTemplate = (baseUrl: string) => baseUrl.includes("{");

/** The base URL with neutral values in the template's places: to check a call's path before a connection is read. */
export const sampleBaseUrl = (baseUrl: string) => (isTemplate(baseUrl) ? sampleOfTemplate(baseUrl) : baseUrl);

/** The base URL one connection calls: its variables and its secrets that go in the URL, filled in. */
export function appBaseUrl(eff: EffectiveApp, c: { credentials: Credentials; authType: string; variables: Record<string, string> }): string {
  if (!isTemplate(eff.baseUrl)) return eff.baseUrl;
  return connectionBaseUrl(eff.baseUrl, { ...c.variables, ...urlSecrets(c.credentials, methodOf(eff.auth, c.credentials, c.authType)) }, eff.app);
}

/** A tool's own server (catalog `ToolHttp.baseUrl`, from `servers` on its operation): its base URL template and value maps. */
export interface OwnServer {
  baseUrl: string;
  /** For a connection variable written differently on this host: the connection's value → the value here. */
  values?: Record<string, Record<string, string>>;
}

/**
 * The base URL one connection calls for a tool with its own server: the connection's variables (mapped where the
 * server says so) and URL secrets filled in, each checked for its place, exactly as for the app's base URL.
 */
export function ownServerUrl(eff: EffectiveApp, server: OwnServer, c: { credentials: Credentials; authType: string; variables: Record<string, string> }): string {
  if (!isTemplate(server.baseUrl)) return server.baseUrl;
  const values: Record<string, string> = { ...c.variables, ...urlSecrets(c.credentials, methodOf(eff.auth, c.credentials, c.authType)) };
  for (const [name, map] of Object.entries(server.values ?? {})) {
    const given = values[name];
    if (given !== undefined && Object.hasOwn(map, given)) values[name] = map[given]!;
    else delete values[name];
  }
  return connectionBaseUrl(server.baseUrl, values, eff.app);
}

/**
 * The base URL of a connection: the app's (or the operator's) base URL with the connection's variables and URL
 * secrets filled in, each value checked for its place (catalog/build/connection-variables.ts). A connection that
 * lacks a value the URL needs has to be made again.
 */
export function connectionBaseUrl(template: string, values: Record<string, string>, app: { id: string; name: string }): string {
  if (!template.includes("{")) return template;
  try {
    return fillTemplate(template, values);
  } catch (err) {
    if (!(err instanceof TemplateValueError)) throw err;
    throw new ApiError(
      "connection_needs_reconnect",
      `${app.name}'s address needs {${err.variable}}, and this connection ${err.reason === "missing" ? "has no value for it" : "holds a value that cannot be used there"}. Connect the app again: POST /api/v1/apps/${app.id}/connect.`,
    );
  }
}

/** A base URL's origin and path without trailing slashes, parsed once per base URL (asked on every call). */
const bases = new BoundedMemo<{ origin: string; basePath: string }>(1024);

const baseOf = (baseUrl: string) => bases.of(baseUrl, readBase);

function readBase(baseUrl: string): { origin: string; basePath: string } {
  const url = new URL(baseUrl);
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, "") };
}

export function buildUrl(baseUrl: string, path: string, query: Record<string, unknown> = {}): URL {
  const { origin, basePath } = baseOf(baseUrl);
  const raw = path.split(/[?#]/)[0];
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) {
    throw invalid(`path must be a path relative to the app's base URL, starting with a single '/'; got '${path}'.`);
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw invalid(`path has a malformed percent-encoding: '${path}'.`);
  }
  if (decoded.split("/").some((segment) => segment === ".." || segment === ".")) {
    throw invalid(`path cannot contain '.' or '..' segments: '${path}'.`);
  }
  const url = new URL(origin + basePath + raw);
  if (url.origin !== origin || !url.pathname.startsWith(basePath + "/")) {
    throw invalid(`path leaves the app's base URL: '${path}'.`);
  }
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, typeof item === "object" ? JSON.stringify(item) : String(item));
  }
  return url;
}
