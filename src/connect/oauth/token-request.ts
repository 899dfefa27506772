/**
 * Calls a provider's token endpoint (authorization_code or refresh_token grant). The client authenticates with
 * HTTP Basic (client_secret_basic, which RFC 6749 §2.3.1 requires servers to support); one method only, as the
 * RFC demands.
 */
import { privateAllowed, type EffectiveApp, type OAuthClient } from "../../domain/app-settings.js";
import { sendOutbound, type OutboundResponse } from "../../net/outbound-request.js";

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  tokenType: string;
  expiresAt: Date | null;
  scopes: string[] | null;
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

export async function tokenRequest(tokenUrl: string, client: OAuthClient, params: Record<string, string>, opts: { eff: EffectiveApp; allowPrivateNetwork: boolean }): Promise<TokenSet> {
  let url: URL;
  try {
    url = new URL(tokenUrl);
  } catch {
    throw new TokenRequestError(`the token endpoint '${tokenUrl.slice(0, 200)}' is not a URL`, null, null);
  }
  let res: OutboundResponse;
  try {
    res = await sendOutbound({
      url,
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString("base64")}`,
      },
      body: new URLSearchParams(params).toString(),
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
  if (res.status < 200 || res.status >= 300 || typeof json.access_token !== "string") {
    const error = typeof json.error === "string" ? json.error.slice(0, 100) : null;
    const redirect = res.status >= 300 && res.status < 400 ? ", a redirect, which is not followed" : "";
    throw new TokenRequestError(`the token endpoint answered ${res.status}${redirect}${error ? ` (${error})` : ""}`, res.status, error);
  }
  const expiresIn = Number(json.expires_in);
  return {
    accessToken: json.access_token,
    refreshToken: typeof json.refresh_token === "string" ? json.refresh_token : null,
    tokenType: typeof json.token_type === "string" ? json.token_type : "bearer",
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
    scopes: typeof json.scope === "string" ? json.scope.split(/[\s,]+/).filter(Boolean) : null,
  };
}
