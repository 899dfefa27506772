/**
 * Calls a provider's token endpoint (authorization_code, refresh_token or client_credentials grant). The client
 * authenticates with HTTP Basic (client_secret_basic, which RFC 6749 §2.3.1 requires servers to support), or, when
 * the app's description says the provider wants it (`clientAuth: "body"`: LinkedIn, Zoho), with client_id and
 * client_secret in the form; one method only, as the RFC demands.
 */
import { privateAllowed, type EffectiveApp, type OAuthClient } from "../../domain/app-settings.js";
import { sendOutbound, type OutboundResponse } from "../../net/outbound-request.js";

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  tokenType: string;
  expiresAt: Date | null;
  scopes: string[] | null;
  /** The token response's other fields (Salesforce's `instance_url`), for connection variables taken from it. Never logged. */
  response: Record<string, unknown>;
}

/** The value at a dot path (`authed_user.access_token`, `0.id`) of a JSON value. */
export function pick(value: unknown, path: string): unknown {
  let at: unknown = value;
  for (const key of path.split(".")) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

export class TokenRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly oauthError: string | null,
  ) {
    super(message);
  }
}

/**
 * `tokenField`: where the access token is when not at `access_token` (Slack v2's user token: `authed_user.access_token`);
 * the refresh token and expiry are then read beside it.
 */
export async function tokenRequest(
  tokenUrl: string,
  client: OAuthClient,
  params: Record<string, string>,
  opts: { eff: EffectiveApp; allowPrivateNetwork: boolean; tokenField?: string; clientAuth?: "basic" | "body" },
): Promise<TokenSet> {
  let url: URL;
  try {
    url = new URL(tokenUrl);
  } catch {
    throw new TokenRequestError(`the token endpoint '${tokenUrl.slice(0, 200)}' is not a URL`, null, null);
  }
  const inBody = opts.clientAuth === "body";
  const form = inBody ? { ...params, client_id: client.clientId, client_secret: client.clientSecret } : params;
  let res: OutboundResponse;
  try {
    res = await sendOutbound({
      url,
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        ...(inBody ? {} : { authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString("base64")}` }),
      },
      body: new URLSearchParams(form).toString(),
      timeoutMs: 15_000,
      allowPrivate: privateAllowed(opts.eff, url, opts.allowPrivateNetwork),
      maxBodyBytes: 64 * 1024,
      onTooLarge: "fail",
    });
  } catch (err) {
    throw new TokenRequestError(`the token endpoint could not be reached (${(err as Error).message})`, null, null);
  }
  const text = res.body.toString("utf8");
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    json = Object.fromEntries(new URLSearchParams(text)); // some providers answer form-encoded
  }
  const holder = (opts.tokenField?.includes(".") ? pick(json, opts.tokenField.split(".").slice(0, -1).join(".")) : json) as Record<string, unknown> | undefined;
  const accessToken = opts.tokenField ? pick(json, opts.tokenField) : json.access_token;
  const at = holder && typeof holder === "object" && typeof accessToken === "string" ? holder : json;
  if (res.status < 200 || res.status >= 300 || typeof accessToken !== "string") {
    const error = typeof json.error === "string" ? json.error.slice(0, 100) : null;
    const redirect = res.status >= 300 && res.status < 400 ? ", a redirect, which is not followed" : "";
    throw new TokenRequestError(`the token endpoint answered ${res.status}${redirect}${error ? ` (${error})` : ""}`, res.status, error);
  }
  const expiresIn = Number(at.expires_in);
  return {
    accessToken,
    refreshToken: typeof at.refresh_token === "string" ? at.refresh_token : null,
    tokenType: typeof at.token_type === "string" ? at.token_type : "bearer",
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
    scopes: typeof at.scope === "string" ? at.scope.split(/[\s,]+/).filter(Boolean) : typeof json.scope === "string" ? json.scope.split(/[\s,]+/).filter(Boolean) : null,
    response: json,
  };
}
