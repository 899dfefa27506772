import type { Services } from "../../services.js";
import type { AuthMethod } from "../../catalog/types.js";
import type { EffectiveApp } from "../../domain/app-settings.js";
import { base62 } from "../../crypto/random.js";
import { sha256 } from "../../crypto/secrets.js";
import { fillTemplate } from "../../catalog/build/connection-variables.js";
import type { LinkRow } from "../links.js";
import { pkcePair } from "./pkce.js";

export const redirectUri = (services: Services) => `${services.config.baseUrl}/connect/callback`;

/**
 * The scopes of an authorize request by parameter: most go in `scope`, joined by the provider's separator; those the
 * description moves to another parameter (Slack v2's user scopes: `user_scope`) go there.
 */
export function scopeParameters(method: AuthMethod, scopes: string[]): Record<string, string> {
  const separator = method.scopeSeparator ?? " ";
  const elsewhere = Object.entries(method.scopeParams ?? {});
  const out: Record<string, string[]> = {};
  for (const scope of scopes) {
    const param = elsewhere.find(([, list]) => list.includes(scope))?.[0] ?? "scope";
    (out[param] ??= []).push(scope);
  }
  return Object.fromEntries(Object.entries(out).map(([param, list]) => [param, list.join(separator)]));
}

/**
 * Step 1 of the code flow: a fresh state and PKCE pair for the link (PKCE S256 always: providers that require it get
 * it, the others ignore it), the connection variables the user gave, and the provider's authorize URL with them.
 */
export async function startAuthorization(services: Services, link: LinkRow, eff: EffectiveApp, method: AuthMethod, variables: Record<string, string>): Promise<string> {
  const state = base62(32);
  const { verifier, challenge } = pkcePair();
  const url = new URL(fillTemplate(method.authorizeUrl!, variables));
  await services.db.connectLink.update({
    where: { id: link.id },
    data: { stateHash: sha256(state), codeVerifierSealed: services.secrets.seal(verifier), variables: Object.keys(variables).length ? JSON.stringify(variables) : null },
  });
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", eff.oauthClient!.clientId);
  url.searchParams.set("redirect_uri", redirectUri(services));
  const scopes = link.scopes ? link.scopes.split(",").filter(Boolean) : [];
  for (const [param, value] of Object.entries(scopeParameters(method, scopes))) url.searchParams.set(param, value);
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", challenge);
  url.searchParams.set("code_challenge_method", "S256");
  return url.toString();
}
