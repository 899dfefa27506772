/**
 * Connection variables at sign-in: the ones the user gives on the sign-in page (checked against the app's
 * description and their place in its URLs), and the ones taken from the OAuth token response or from an identity
 * call made with the new credentials (`x-patchbay-from`). Stored plain with the connection: none of them is secret.
 */
import type { Services } from "../services.js";
import type { CatalogApp, ConnectionVariable } from "../catalog/types.js";
import type { EffectiveApp } from "../domain/app-settings.js";
import { declaredProblem, positionOf, positionProblem, sampleOfTemplate } from "../catalog/build/connection-variables.js";
import { sendWithCredentials } from "../calls/call-app.js";
import { parseBody } from "../calls/read-response.js";
import type { Credentials } from "./credentials.js";
import { pick } from "./oauth/token-request.js";

/** The variables the sign-in page asks for (the others come from the provider). */
export const askedVariables = (app: CatalogApp): ConnectionVariable[] => (app.variables ?? []).filter((v) => !v.from);

/** Every URL template of the app a variable may stand in: its base URL and its OAuth URLs. */
const templatesOf = (app: CatalogApp) => [app.baseUrl, ...app.auth.flatMap((m) => [m.authorizeUrl, m.tokenUrl])].filter((t): t is string => Boolean(t?.includes("{")));

/** Why a value cannot be used for the variable, or null: its declared enum/pattern, and every place it stands in. */
export function variableProblem(app: CatalogApp, variable: ConnectionVariable, value: string): string | null {
  const declared = declaredProblem(variable, value);
  if (declared) return `${variable.label} ${declared}.`;
  for (const template of templatesOf(app)) {
    const position = positionOf(template, variable.name);
    const problem = position && positionProblem(position, value);
    if (problem) return `${variable.label} ${problem}.`;
  }
  return null;
}

/** The asked variables from a submitted form (empty → the default); `problem` names the first unusable one. */
export function variablesFromForm(app: CatalogApp, form: Record<string, unknown>): { values: Record<string, string>; problem: string | null } {
  const values: Record<string, string> = {};
  for (const v of askedVariables(app)) {
    const raw = typeof form[v.name] === "string" ? (form[v.name] as string).trim() : "";
    const given = raw || v.default || "";
    if (!given) return { values, problem: `Fill in ${v.label}.` };
    // Host names are case-insensitive: `Acme` and `acme` are the same shop.
    const value = /^(label|host)$/.test(positionOfAny(app, v.name) ?? "") ? given.toLowerCase() : given;
    const problem = variableProblem(app, v, value);
    if (problem) return { values, problem };
    values[v.name] = value;
  }
  return { values, problem: null };
}

const positionOfAny = (app: CatalogApp, name: string) => templatesOf(app).map((t) => positionOf(t, name)).find(Boolean);

/**
 * The variables the provider gives: from the token response (`tokenField`), then from an identity call with the new
 * credentials (`request` + `pick`). Returns the values found, or a problem saying which one could not be had.
 */
export async function providedVariables(
  services: Services,
  eff: EffectiveApp,
  credentials: Credentials,
  authType: string,
  tokenResponse: Record<string, unknown> | null,
): Promise<{ values: Record<string, string>; problem: string | null }> {
  const values: Record<string, string> = {};
  for (const v of eff.app.variables ?? []) {
    if (!v.from) continue;
    let found: unknown;
    if ("tokenField" in v.from) found = tokenResponse ? pick(tokenResponse, v.from.tokenField) : undefined;
    else {
      const url = requestUrl(eff, v.from.request.url);
      const res = await sendWithCredentials(services, eff, credentials, authType, url, { method: "GET", path: url.pathname }).catch(() => null);
      if (res && (res.status === 401 || res.status === 403)) return { values, problem: `${eff.app.name} refused the new credentials (HTTP ${res.status}).` };
      found = res && res.status >= 200 && res.status < 300 ? pick(parseBody(res), v.from.pick) : undefined;
    }
    const value = typeof found === "string" || typeof found === "number" ? String(found) : "";
    const problem = value ? variableProblem(eff.app, v, value) : `${eff.app.name} did not say its ${v.label}.`;
    if (problem) return { values, problem };
    values[v.name] = value;
  }
  return { values, problem: null };
}

/**
 * The URL of an identity call: relative ones against the base URL's origin; one on the catalog base URL's origin
 * follows the operator's base URL override (a self-hosted edition, a stand-in), like every call to the app.
 */
function requestUrl(eff: EffectiveApp, raw: string): URL {
  const catalogOrigin = new URL(sampleOfTemplate(eff.app.baseUrl)).origin;
  const target = new URL(raw, catalogOrigin);
  if (eff.baseUrl === eff.app.baseUrl || target.origin !== catalogOrigin) return target;
  return new URL(target.pathname + target.search, new URL(sampleOfTemplate(eff.baseUrl)).origin);
}
