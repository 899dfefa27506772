/**
 * The OpenAPI description a top-app stand-in follows, generated from the app's compiled description (the catalog's
 * app record and tools): its operations with their parameters and bodies, its security as the sign-in method
 * declares it (every field in its place), and the identity call a connection variable is taken from. The stand-in
 * listens at `basePath`: the app's base URL on loopback, its connection variables as path segments filled with the
 * test values, so a request that did not fill them in right goes nowhere. A tool with its own server (Box's uploads at
 * upload.box.com) is served under a prefix of its own: the operator's server URL for its origin
 * (`--server-url <origin>=<url>`), that origin's variables kept as path segments, then the rest of its server's URL.
 */
import type { AuthMethod, CatalogApp, CatalogTool } from "../../../src/catalog/types.js";
import { credentialFields } from "../../../src/catalog/build/auth-methods.js";
import { positionOf } from "../../../src/catalog/build/connection-variables.js";
import type { AuthConfig } from "../../fixtures/providers/index.js";

/** The operator's base URL for the app: the stand-in's origin, host variables as leading segments, the catalog's path. */
export function standInBaseUrl(app: CatalogApp, origin: string): string {
  const template = app.baseUrl;
  const authority = authorityOf(template);
  const hostVariables = (app.variables ?? []).filter((v) => ["label", "host"].includes(positionOf(template, v.name) ?? "")).map((v) => `/{${v.name}}`);
  return `${origin}${hostVariables.join("")}${template.slice(authority.length)}`.replace(/\/+$/, "");
}

/** The origin of a base URL template as written (`https://{region}.i.posthog.com/x` → `https://{region}.i.posthog.com`). */
const authorityOf = (template: string) => (template.startsWith("{") ? /^\{[^}]+\}/.exec(template)![0] : /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(template)?.[0] ?? "");

/**
 * The operator's server URL for an origin the app's tools declare as their own (`https://{region}.i.posthog.com`):
 * the stand-in's origin, a segment of its own (`own-<n>`), and the origin's host variables as segments, kept as
 * `{placeholders}` for Patchbay to fill per connection.
 */
export function standInServerUrl(declaredOrigin: string, index: number, origin: string): string {
  const names = [...declaredOrigin.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const hostVariables = names.filter((n) => ["label", "host"].includes(positionOf(declaredOrigin, n) ?? "")).map((n) => `/{${n}}`);
  return `${origin}/own-${index}${hostVariables.join("")}`;
}

/** The origins the tools declare as their own servers, each once, in order: the keys of the operator's server URLs. */
export const ownOrigins = (tools: CatalogTool[]) => [...new Set(tools.flatMap((t) => (t.http.baseUrl ? [authorityOf(t.http.baseUrl)] : [])))];

/**
 * Where a tool with its own server is served on the stand-in: the path of its operator server URL + the rest of its
 * declared server, with the test values in place, mapped as the tool's server maps them (`baseUrlValues`).
 */
export function ownServerPath(tool: CatalogTool, serverUrl: string, values: Record<string, string>): string {
  const mapped = { ...values };
  for (const [name, map] of Object.entries(tool.http.baseUrlValues ?? {})) {
    const given = mapped[name];
    if (given !== undefined && Object.hasOwn(map, given)) mapped[name] = map[given]!;
    else delete mapped[name];
  }
  const own = tool.http.baseUrl!;
  return filledPath(`${serverUrl}${own.slice(authorityOf(own).length)}`, mapped);
}

/** The stand-in's base path: the operator base URL's path with the test values in place. */
export const filledPath = (baseUrl: string, values: Record<string, string>) =>
  new URL(baseUrl.replace(/\{([^}]+)\}/g, (_w, name: string) => values[name] ?? `{${name}}`)).pathname.replace(/\/+$/, "");

/** A JSON answer whose value at the dot path `pick` is `value` (`0.id` → `[{ "id": value }]`). */
export function answerWith(pick: string, value: string): unknown {
  return pick
    .split(".")
    .reverse()
    .reduce<unknown>((inner, key) => (/^\d+$/.test(key) ? Array.from({ length: Number(key) + 1 }, (_, i) => (i === Number(key) ? inner : {})) : { [key]: inner }), value);
}

function operation(tool: CatalogTool) {
  const props = ((tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {}) as Record<string, any>;
  const required = new Set(((tool.inputSchema as { required?: string[] }).required ?? []) as string[]);
  // A header whose input is an object was declared with JSON content (Dropbox-API-Arg): Patchbay sends it as JSON text.
  const jsonHeader = (p: { in: string; name: string }) => p.in === "header" && (props[p.name]?.type === "object" || (props[p.name]?.properties && !props[p.name]?.type));
  const parameters = tool.http.params
    .filter((p) => p.in !== "body")
    .map((p) => ({ name: p.key, in: p.in, required: p.in === "path" || required.has(p.name), ...(jsonHeader(p) ? { content: { "application/json": { schema: props[p.name] } } } : { schema: props[p.name] ?? {} }) }));
  const bodyProps = tool.http.params.filter((p) => p.in === "body");
  let requestBody: unknown;
  const mediaType = tool.http.contentType ?? "application/json";
  if (tool.http.bodyMode === "merged" && bodyProps.length) {
    const schema = { type: "object", properties: Object.fromEntries(bodyProps.map((p) => [p.key, props[p.name] ?? {}])), required: bodyProps.filter((p) => required.has(p.name)).map((p) => p.key) };
    if (!schema.required.length) delete (schema as { required?: string[] }).required;
    requestBody = { required: schema.required !== undefined, content: { [mediaType]: { schema } } };
  } else if (tool.http.bodyMode === "property") {
    requestBody = { required: required.has("body"), content: { [mediaType]: { schema: props.body ?? {} } } };
  }
  return {
    operationId: tool.name,
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" }, example: { ok: true, name: "Ada" } } } } },
  };
}

/**
 * The one operation of a GraphQL endpoint (`POST /graphql`) that several tools share, each a named document: a body is
 * `{ query, variables }` with the query one of the tools' documents and the variables that tool's inputs.
 */
function graphqlOperation(tools: CatalogTool[]) {
  const bodies = tools.map((tool) => {
    const props = ((tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {}) as Record<string, any>;
    const required = new Set(((tool.inputSchema as { required?: string[] }).required ?? []) as string[]);
    const vars = tool.http.params.filter((p) => p.in === "body");
    const variables = { type: "object", properties: Object.fromEntries(vars.map((p) => [p.key, props[p.name] ?? {}])), ...(vars.some((p) => required.has(p.name)) ? { required: vars.filter((p) => required.has(p.name)).map((p) => p.key) } : {}) };
    return { type: "object", properties: { query: { type: "string", enum: [tool.http.graphql!.query] }, variables }, required: ["query", "variables"] };
  });
  const parameters = new Map<string, unknown>();
  for (const tool of tools) for (const p of operation(tool).parameters) if (!parameters.has(`${p.in}:${p.name}`)) parameters.set(`${p.in}:${p.name}`, p);
  return {
    operationId: `graphql_${tools[0]!.name}`,
    parameters: [...parameters.values()],
    requestBody: { required: true, content: { "application/json": { schema: { oneOf: bodies } } } },
    responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" }, example: { data: { ok: true, name: "Ada" } } } } } },
  };
}

export interface StandInPlan {
  description: Record<string, unknown>;
  /** What the stand-in requires of every request: each credential in its place. */
  auth: AuthConfig[];
  /** Parameters that carry the OAuth token when it is placed in the query. */
  credentialParams: string[];
}

/**
 * The stand-in's description and auth for an app signed in with `method`: `secrets` are the credential values the
 * form is given (by field name), `pathPrefix` the filled base path, `identity` the calls a variable comes from.
 */
export function standInPlan(
  app: CatalogApp,
  tools: CatalogTool[],
  method: AuthMethod,
  opts: { pathPrefix: string; secrets: Record<string, string>; identity: { path: string; answer: unknown }[]; ownPrefixes?: Map<string, string> },
): StandInPlan {
  const prefix = (tool: CatalogTool) => opts.ownPrefixes?.get(tool.name) ?? opts.pathPrefix;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const tool of tools) if (!tool.http.graphql) (paths[`${prefix(tool)}${tool.http.path}`] ??= {})[tool.http.method.toLowerCase()] = operation(tool);
  // GraphQL tools share their endpoint: one operation there takes any of their documents, each with its own variables.
  const graphql = new Map<string, CatalogTool[]>();
  for (const t of tools) if (t.http.graphql) graphql.set(`${t.http.method.toLowerCase()} ${prefix(t)}${t.http.path}`, [...(graphql.get(`${t.http.method.toLowerCase()} ${prefix(t)}${t.http.path}`) ?? []), t]);
  for (const [key, group] of graphql) {
    const [method, path] = key.split(" ") as [string, string];
    (paths[path] ??= {})[method] = graphqlOperation(group);
  }
  for (const call of opts.identity) {
    (paths[call.path] ??= {}).get = { operationId: `identity_${call.path}`, responses: { "200": { description: "ok", content: { "application/json": { example: call.answer } } } } };
  }
  const schemes: Record<string, unknown> = {};
  const auth: AuthConfig[] = [];
  const credentialParams: string[] = [];
  if (method.type === "oauth2" || method.type === "clientCredentials") {
    // Client credentials (PayPal): the form's client id and secret get a token from the token endpoint, calls carry it.
    schemes.oauth = { type: "oauth2", flows: { authorizationCode: { authorizationUrl: "/authorize", tokenUrl: "/token", scopes: {} } } };
    const at = method.tokenPlacement;
    if (at?.in === "header" && /^authorization$/i.test(at.name) && at.prefix?.trim()) {
      // The provider's own Authorization scheme (Zoho: `Zoho-oauthtoken …`): only that is accepted.
      auth.push({ type: "oauth2", scheme: at.prefix.trim() });
    } else {
      auth.push({ type: "oauth2" });
      // A token sent elsewhere than `Authorization: Bearer` is also looked for where the method puts it.
      if (at) credentialParams.push(at.name);
    }
  } else {
    const basic: Record<string, string> = {};
    for (const field of credentialFields(method)) {
      const value = opts.secrets[field.name]!;
      const p = field.placement;
      if (p.in === "header" || p.in === "query") {
        schemes[field.name] = { type: "apiKey", in: p.in, name: p.name };
        auth.push({ type: "apiKey", in: p.in, name: p.name, value: `${p.prefix ?? ""}${value}` });
      } else if (p.in === "bearer") {
        schemes[field.name] = { type: "http", scheme: "bearer" };
        auth.push({ type: "bearer", value });
      } else if (p.in === "basic") basic[p.part] = value;
      // "url": the value is part of pathPrefix; "cookie": not checked by the stand-in.
    }
    if (Object.keys(basic).length) {
      schemes.basic = { type: "http", scheme: "basic" };
      auth.push({ type: "basic", username: basic.username ?? "", password: basic.password ?? "" });
    }
  }
  const security = Object.keys(schemes).length ? [Object.fromEntries(Object.keys(schemes).map((k) => [k, []]))] : [];
  return {
    description: { openapi: "3.0.3", info: { title: `${app.name} stand-in`, version: "1" }, servers: [{ url: "/" }], components: { securitySchemes: schemes }, security, paths },
    auth: auth.length ? auth : [{ type: "none" }],
    credentialParams,
  };
}
