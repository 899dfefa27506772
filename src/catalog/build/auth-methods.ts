/** Sign-in methods from a description's security requirements (only those its operations or root actually use). */
import type { AuthMethod, CredentialField } from "../types.js";
import { labelOf } from "./connection-variables.js";

function absolute(url: unknown, baseUrl: string): string | undefined {
  if (typeof url !== "string" || url === "") return undefined;
  // An OAuth URL with connection variables (`https://{shop}.myshopify.com/admin/oauth/authorize`) stays a template.
  if (/^https?:\/\/[^/]*\{/i.test(url)) return url;
  try {
    return new URL(url, baseUrl).toString();
  } catch {
    return undefined;
  }
}

type Requirement = string[];

/** The security requirement objects of the root and every operation, each as its scheme names (the "AND" of one object). */
function requirements(doc: Record<string, any>): Requirement[] {
  const out: Requirement[] = [];
  const seen = new Set<string>();
  const add = (reqs: unknown) => {
    if (!Array.isArray(reqs)) return;
    for (const r of reqs) {
      if (!r || typeof r !== "object") continue;
      const names = Object.keys(r);
      const key = [...names].sort().join("\u0000");
      if (names.length && !seen.has(key)) (seen.add(key), out.push(names));
    }
  };
  add(doc.security);
  for (const item of Object.values((doc.paths ?? {}) as Record<string, any>)) {
    if (item && typeof item === "object") for (const op of Object.values(item)) if (op && typeof op === "object") add((op as any).security);
  }
  return out;
}

const NON_OAUTH = (s: any) => s?.type === "apiKey" || s?.type === "http";

/** The form fields of one apiKey or http scheme, and where each value goes. */
function schemeFields(name: string, s: Record<string, any>): { type: AuthMethod["type"]; fields: CredentialField[]; in?: AuthMethod["in"]; name?: string } | null {
  if (s.type === "apiKey" && typeof s.name === "string" && ["header", "query", "cookie"].includes(s.in)) {
    const prefix = typeof s["x-patchbay-prefix"] === "string" ? { prefix: s["x-patchbay-prefix"] as string } : {};
    const texts = labelOf(s, s.in === "query" && /token/i.test(s.name) ? "Token" : "API key");
    return { type: "apiKey", in: s.in, name: s.name, fields: [{ name, ...texts, placement: { in: s.in, name: s.name, ...prefix } }] };
  }
  if (s.type === "http" && typeof s.scheme === "string") {
    const scheme = s.scheme.toLowerCase();
    if (scheme === "bearer") return { type: "bearer", fields: [{ name: "token", ...labelOf(s, "Access token"), placement: { in: "bearer" } }] };
    if (scheme === "basic") {
      const labels = (s["x-patchbay-labels"] ?? {}) as Record<string, unknown>;
      const label = (part: "username" | "password", fallback: string) => (typeof labels[part] === "string" ? (labels[part] as string) : fallback);
      return {
        type: "basic",
        fields: [
          { name: "username", label: label("username", "User name"), placement: { in: "basic", part: "username" } },
          { name: "password", label: label("password", "Password"), placement: { in: "basic", part: "password" } },
        ],
      };
    }
  }
  return null;
}

/** The OAuth facts a description states with `x-patchbay-*` extensions on its oauth2 scheme. */
function oauthFacts(s: Record<string, any>): Partial<AuthMethod> {
  const facts: Partial<AuthMethod> = {};
  if (typeof s["x-patchbay-scope-separator"] === "string") facts.scopeSeparator = s["x-patchbay-scope-separator"];
  const params = s["x-patchbay-scope-params"];
  if (params && typeof params === "object") {
    facts.scopeParams = Object.fromEntries(Object.entries(params as Record<string, unknown>).filter(([, v]) => Array.isArray(v)).map(([k, v]) => [k, (v as unknown[]).map(String)]));
  }
  if (typeof s["x-patchbay-token-field"] === "string") facts.tokenField = s["x-patchbay-token-field"];
  if (s["x-patchbay-client-auth"] === "body" || s["x-patchbay-client-auth"] === "basic") facts.clientAuth = s["x-patchbay-client-auth"];
  const placement = s["x-patchbay-token-placement"];
  if (placement && ["header", "query"].includes(placement.in) && typeof placement.name === "string") {
    facts.tokenPlacement = { in: placement.in, name: placement.name, ...(typeof placement.prefix === "string" ? { prefix: placement.prefix } : {}) };
  }
  return facts;
}

/**
 * The client credentials flow as a sign-in method: a form with the client id and secret (labels from
 * `x-patchbay-labels: { username, password }` on the scheme), exchanged at the token endpoint for access tokens.
 */
function clientCredentialsMethod(s: Record<string, any>, flow: Record<string, any>, baseUrl: string): AuthMethod {
  const labels = (s["x-patchbay-labels"] ?? {}) as Record<string, unknown>;
  const label = (part: "username" | "password", fallback: string) => (typeof labels[part] === "string" ? (labels[part] as string) : fallback);
  return {
    type: "clientCredentials",
    tokenUrl: absolute(flow.tokenUrl, baseUrl),
    scopes: Object.keys(flow.scopes ?? {}).sort(),
    defaultScopes: [],
    fields: [
      { name: "client_id", label: label("username", "Client ID"), placement: { in: "basic", part: "username" } },
      { name: "client_secret", label: label("password", "Client secret"), placement: { in: "basic", part: "password" } },
    ],
    ...oauthFacts(s),
  };
}

/**
 * Sign-in methods: one per security requirement the description uses. A requirement naming several apiKey/http
 * schemes ("AND": Trello's key and token) is one method whose form has a field for each. Secret server variables
 * (`secretFields`, Telegram's `bot{token}`) are fields of every method that uses a form.
 */
export function authMethods(doc: Record<string, any>, baseUrl: string, secretFields: CredentialField[] = []): AuthMethod[] {
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, any>;
  const reqs = requirements(doc);
  const used = new Set(reqs.flat());
  const single = new Set(reqs.filter((r) => r.length === 1).map((r) => r[0]!));
  const methods: AuthMethod[] = [];
  const seen = new Set<string>();
  const push = (m: AuthMethod) => {
    const key = JSON.stringify(m);
    if (!seen.has(key)) (seen.add(key), methods.push(m));
  };
  // Several schemes that must all be given: one form with every field.
  for (const req of reqs) {
    if (req.length < 2 || !req.every((n) => NON_OAUTH(schemes[n]))) continue;
    const parts = req.map((n) => schemeFields(n, schemes[n]!)).filter((p) => p !== null);
    if (parts.length !== req.length) continue;
    const first = parts.find((p) => p.type === "apiKey") ?? parts[0]!;
    const fields: CredentialField[] = [];
    for (const f of parts.flatMap((p) => p.fields)) fields.push(fields.some((x) => x.name === f.name) ? { ...f, name: `${f.name}_${fields.length + 1}` } : f);
    push({ type: first.type, ...(first.in ? { in: first.in, name: first.name } : {}), fields });
  }
  for (const [name, raw] of Object.entries(schemes)) {
    // A scheme used only together with others is not a way to sign in on its own.
    if (!used.has(name) || (!single.has(name) && reqs.some((r) => r.includes(name) && r.length > 1 && r.every((n) => NON_OAUTH(schemes[n])))) || !raw || typeof raw !== "object") continue;
    const s = raw as Record<string, any>;
    if (s.type === "oauth2") {
      const flows = (s.flows ?? {}) as Record<string, any>;
      const flow = flows.authorizationCode ?? flows.accessCode;
      const machine = flows.clientCredentials ?? flows.application;
      if (machine) push(clientCredentialsMethod(s, machine, baseUrl));
      if (!flow) continue;
      push({
        type: "oauth2",
        authorizeUrl: absolute(flow.authorizationUrl, baseUrl),
        tokenUrl: absolute(flow.tokenUrl, baseUrl),
        scopes: Object.keys(flow.scopes ?? {}).sort(),
        defaultScopes: [],
        ...oauthFacts(s),
      });
      continue;
    }
    const part = schemeFields(name, s);
    if (part) push({ type: part.type, ...(part.in ? { in: part.in, name: part.name } : {}), fields: part.fields });
  }
  // OAuth2 without an authorization-code flow (implicit only, as Google publishes) still signs in with a bearer token
  // (besides the client's own id and secret, when the description has a client credentials flow).
  if (methods.every((m) => m.type === "clientCredentials") && [...used].some((n) => schemes[n]?.type === "oauth2" || schemes[n]?.type === "openIdConnect")) {
    const implicit = Object.values(schemes).find((s: any) => s?.type === "oauth2" && s.flows?.implicit)?.flows?.implicit;
    if (implicit) {
      push({
        type: "oauth2",
        authorizeUrl: absolute(implicit.authorizationUrl, baseUrl),
        tokenUrl: undefined,
        scopes: Object.keys(implicit.scopes ?? {}).sort(),
        defaultScopes: [],
      });
    } else push({ type: "bearer" });
  }
  if (secretFields.length) {
    // A secret in the URL is asked on every form; an app with nothing else signs in with it alone.
    for (const m of methods) if (m.type !== "oauth2" && m.type !== "none") m.fields = [...(m.fields ?? defaultFields(m)), ...secretFields];
    if (!methods.some((m) => m.type !== "oauth2")) push({ type: "apiKey", fields: [...secretFields] });
  }
  if (methods.length === 0) push({ type: "none" });
  return methods.map((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) as unknown as AuthMethod);
}

/**
 * The form fields of a method: its own, else the usual ones of its type (methods written by hand in curated.ts):
 * one API key or token (`secret`), or user name and password.
 */
export function defaultFields(m: AuthMethod): CredentialField[] {
  switch (m.type) {
    case "apiKey":
      return [{ name: "secret", label: m.name ? `API key (${m.name})` : "API key", placement: { in: m.in ?? "header", name: m.name ?? "Authorization" } }];
    case "bearer":
      return [{ name: "secret", label: "Access token", placement: { in: "bearer" } }];
    case "basic":
      return [
        { name: "username", label: "User name", placement: { in: "basic", part: "username" } },
        { name: "password", label: "Password", placement: { in: "basic", part: "password" } },
      ];
    default:
      return [];
  }
}

export const credentialFields = (m: AuthMethod): CredentialField[] => m.fields ?? defaultFields(m);

/** apiKey parameter names, which the service injects and so are not tool inputs. */
export function apiKeyParamNames(doc: Record<string, any>): Set<string> {
  const out = new Set<string>();
  for (const s of Object.values((doc.components?.securitySchemes ?? {}) as Record<string, any>)) {
    if (s?.type === "apiKey" && typeof s.name === "string") out.add(s.name.toLowerCase());
  }
  return out;
}
