/**
 * A cheap identity call of an app (GET /user, /me, /account, auth.test ...): checks a credential before it is
 * stored, and gives the connection a label (the login, e-mail or name at the provider).
 */
import type { Services } from "../services.js";
import type { EffectiveApp } from "../domain/app-settings.js";
import type { CatalogTool } from "../catalog/types.js";
import type { Credentials } from "./credentials.js";
import { sendWithCredentials } from "../calls/call-app.js";
import { appBaseUrl, buildUrl } from "../calls/build-url.js";
import { parseBody } from "../calls/read-response.js";

const IDENTITY_PATH = /^\/(v\d+\/)?(user|me|users\/me|account|accounts\/me|whoami|profile|auth\.test|userinfo|myself)$/i;

const probes = new Map<string, CatalogTool | null>();

export function identityTool(services: Services, appId: string): CatalogTool | null {
  if (!probes.has(appId)) {
    let found: CatalogTool | null = null;
    let cursor: string | undefined;
    do {
      const page = services.catalog.listTools({ app: appId, limit: 200, cursor });
      found = page.items.find((t) => (t.http.method === "GET" || t.http.path.endsWith("auth.test")) && IDENTITY_PATH.test(t.http.path) && !t.http.params.some((p) => p.in === "path")) ?? null;
      cursor = page.nextCursor ?? undefined;
    } while (!found && cursor);
    probes.set(appId, found);
  }
  return probes.get(appId)!;
}

export type ProbeOutcome = { ok: true; label: string | null } | { ok: false; reason: string } | { ok: "unknown" };

/** `variables`: the new connection's variables, filled into the app's base URL with any secret that goes there. */
export async function probeCredentials(services: Services, eff: EffectiveApp, credentials: Credentials, authType: string, variables: Record<string, string> = {}): Promise<ProbeOutcome> {
  const tool = identityTool(services, eff.app.id);
  if (!tool) return { ok: "unknown" };
  try {
    const base = appBaseUrl(eff, { credentials, authType, variables });
    const res = await sendWithCredentials(services, eff, credentials, authType, buildUrl(base, tool.http.path), { method: tool.http.method, path: tool.http.path });
    if (res.status === 401 || res.status === 403) return { ok: false, reason: `${eff.app.name} refused it (HTTP ${res.status}).` };
    if (res.status < 200 || res.status >= 300) return { ok: "unknown" };
    const body = parseBody(res);
    return { ok: true, label: labelOf(typeof body === "object" ? (body as Record<string, unknown> | null) : null) };
  } catch {
    return { ok: "unknown" };
  }
}

function labelOf(body: Record<string, unknown> | null): string | null {
  if (!body || typeof body !== "object") return null;
  for (const key of ["login", "username", "user", "email", "name", "display_name", "team"]) {
    const v = body[key];
    if (typeof v === "string" && v) return v.slice(0, 200);
  }
  return null;
}
