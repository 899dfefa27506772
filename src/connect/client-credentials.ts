/**
 * The OAuth 2.0 client credentials grant (RFC 6749 §4.4; PayPal): the connection holds its own client id and secret
 * (sealed, the form's two fields), and Patchbay asks the app's token endpoint for an access token with them (HTTP
 * Basic, §2.3.1) when the form is sent and again whenever the token is about to expire (use-connection.ts). No
 * refresh token is used (§4.4.3 says none should be issued): the client's credentials get the next token.
 */
import type { AuthMethod } from "../catalog/types.js";
import type { EffectiveApp } from "../domain/app-settings.js";
import type { Services } from "../services.js";
import { fillTemplate, TemplateValueError } from "../catalog/build/connection-variables.js";
import { credentialFields } from "../catalog/build/auth-methods.js";
import { fieldValue, type Credentials } from "./credentials.js";
import { tokenRequest, TokenRequestError } from "./oauth/token-request.js";

export interface ClientToken {
  credentials: Credentials;
  expiresAt: Date | null;
  scopes: string[] | null;
}

/** A new access token for the client in `credentials` (its id and secret kept, the token replaced). */
export async function clientCredentialsToken(services: Services, eff: EffectiveApp, method: AuthMethod, credentials: Credentials, variables: Record<string, string>): Promise<ClientToken> {
  const [idField, secretField] = credentialFields(method);
  const clientId = idField && fieldValue(credentials, idField);
  const clientSecret = secretField && fieldValue(credentials, secretField);
  if (!clientId || !clientSecret) throw new TokenRequestError("the connection holds no client ID and secret", 400, null);
  let tokenUrl: string;
  try {
    tokenUrl = fillTemplate(method.tokenUrl ?? "", variables);
  } catch (err) {
    if (err instanceof TemplateValueError) throw new TokenRequestError(`the token endpoint's address cannot be filled in (${err.message})`, 400, null);
    throw err;
  }
  const scopes = eff.scopes ?? method.defaultScopes ?? [];
  const params: Record<string, string> = { grant_type: "client_credentials", ...(scopes.length ? { scope: scopes.join(method.scopeSeparator ?? " ") } : {}) };
  const tokens = await tokenRequest(tokenUrl, { clientId, clientSecret }, params, { eff, allowPrivateNetwork: services.config.allowPrivateNetwork, tokenField: method.tokenField, clientAuth: method.clientAuth });
  return {
    credentials: { type: "clientCredentials", accessToken: tokens.accessToken, tokenType: tokens.tokenType, fields: credentials.fields },
    expiresAt: tokens.expiresAt,
    scopes: tokens.scopes,
  };
}
