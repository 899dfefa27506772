/** Sign-in methods from a description's security schemes (only the schemes its operations or root actually use). */
import type { AuthMethod } from "../types.js";

function absolute(url: unknown, baseUrl: string): string | undefined {
  if (typeof url !== "string" || url === "") return undefined;
  try {
    return new URL(url, baseUrl).toString();
  } catch {
    return undefined;
  }
}

/** Names of the security schemes referenced by the root or by any operation. */
function usedSchemes(doc: Record<string, any>): Set<string> {
  const used = new Set<string>();
  const add = (reqs: unknown) => {
    if (Array.isArray(reqs)) for (const r of reqs) if (r && typeof r === "object") for (const k of Object.keys(r)) used.add(k);
  };
  add(doc.security);
  for (const item of Object.values((doc.paths ?? {}) as Record<string, any>)) {
    if (item && typeof item === "object") for (const op of Object.values(item)) if (op && typeof op === "object") add((op as any).security);
  }
  return used;
}

export function authMethods(doc: Record<string, any>, baseUrl: string): AuthMethod[] {
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, any>;
  const used = usedSchemes(doc);
  const methods: AuthMethod[] = [];
  const seen = new Set<string>();
  const push = (m: AuthMethod) => {
    const key = JSON.stringify(m);
    if (!seen.has(key)) (seen.add(key), methods.push(m));
  };
  for (const [name, raw] of Object.entries(schemes)) {
    if (!used.has(name) || !raw || typeof raw !== "object") continue;
    const s = raw as Record<string, any>;
    if (s.type === "oauth2") {
      const flows = (s.flows ?? {}) as Record<string, any>;
      const flow = flows.authorizationCode ?? flows.accessCode;
      if (!flow) continue;
      push({
        type: "oauth2",
        authorizeUrl: absolute(flow.authorizationUrl, baseUrl),
        tokenUrl: absolute(flow.tokenUrl, baseUrl),
        scopes: Object.keys(flow.scopes ?? {}).sort(),
        defaultScopes: [],
      });
    } else if (s.type === "apiKey" && typeof s.name === "string" && ["header", "query", "cookie"].includes(s.in)) {
      push({ type: "apiKey", in: s.in, name: s.name });
    } else if (s.type === "http" && typeof s.scheme === "string") {
      const scheme = s.scheme.toLowerCase();
      if (scheme === "basic") push({ type: "basic" });
      else if (scheme === "bearer") push({ type: "bearer" });
    }
  }
  // OAuth2 without an authorization-code flow (implicit only, as Google publishes) still signs in with a bearer token.
  if (methods.length === 0 && [...used].some((n) => schemes[n]?.type === "oauth2" || schemes[n]?.type === "openIdConnect")) {
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
  if (methods.length === 0) push({ type: "none" });
  return methods.map((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) as unknown as AuthMethod);
}

/** apiKey parameter names, which the service injects and so are not tool inputs. */
export function apiKeyParamNames(doc: Record<string, any>): Set<string> {
  const out = new Set<string>();
  for (const s of Object.values((doc.components?.securitySchemes ?? {}) as Record<string, any>)) {
    if (s?.type === "apiKey" && typeof s.name === "string") out.add(s.name.toLowerCase());
  }
  return out;
}
