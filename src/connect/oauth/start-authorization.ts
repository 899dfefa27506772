import type { Services } from "../../services.js";
import type { AuthMethod } from "../../catalog/types.js";
import type { EffectiveApp } from "../../domain/app-settings.js";
import { base62 } from "../../crypto/random.js";
import { sha256 } from "../../crypto/secrets.js";
import type { LinkRow } from "../links.js";
import { pkcePair } from "./pkce.js";

export const redirectUri = (services: Services) => `${services.config.baseUrl}/connect/callback`;

/** Step 1 of the code flow: a fresh state and PKCE pair for the link, and the provider's authorize URL. */
export async function startAuthorization(services: Services, link: LinkRow, eff: EffectiveApp, method: AuthMethod): Promise<string> {
  const state = base62(32);
  const { verifier, challenge } = pkcePair();
  await services.db.connectLink.update({
    where: { id: link.id },
    data: { stateHash: sha256(state), codeVerifierSealed: services.secrets.seal(verifier) },
  });
  const url = new URL(method.authorizeUrl!);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", eff.oauthClient!.clientId);
  url.searchParams.set("redirect_uri", redirectUri(services));
  if (link.scopes) url.searchParams.set("scope", link.scopes.split(",").join(" "));
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", challenge);
  url.searchParams.set("code_challenge_method", "S256");
  return url.toString();
}
