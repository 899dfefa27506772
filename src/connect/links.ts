/**
 * Sign-in links: single-use, 15 minutes, bound to an account and an app. Only the SHA-256 of the link token (and,
 * once opened for OAuth, of the state) is stored; the PKCE verifier is sealed.
 */
import type { Services } from "../services.js";
import type { AuthMethod } from "../catalog/types.js";
import type { EffectiveApp } from "../domain/app-settings.js";
import { base62, newId } from "../crypto/random.js";
import { sha256 } from "../crypto/secrets.js";
import { ApiError } from "../errors.js";
import { redirectUri } from "./oauth/start-authorization.js";

export const LINK_TTL_MS = 15 * 60_000;

/** The way this app is connected now: OAuth when its client is configured, else a credential form, else none. */
/** `callbackUrl`: this server's OAuth callback, named in the message when the app has no OAuth client. */
export function signInMethod(eff: EffectiveApp, callbackUrl = "<PATCHBAY_BASE_URL>/connect/callback"): AuthMethod {
  const oauth = eff.auth.find((m) => m.type === "oauth2" && m.authorizeUrl && m.tokenUrl);
  if (oauth && eff.oauthClient) return oauth;
  // One field to paste beats two: an API key or token before user name and password.
  // A client's id and secret (which get fresh tokens) before a pasted token that expires.
  const form = eff.auth.find((m) => m.type === "apiKey") ?? eff.auth.find((m) => m.type === "clientCredentials") ?? eff.auth.find((m) => m.type === "bearer") ?? eff.auth.find((m) => m.type === "basic");
  if (form) return form;
  if (oauth) {
    throw new ApiError(
      "app_not_configured",
      `${eff.app.name} signs in with OAuth 2.0, and this server has no OAuth client for it yet. The operator registers one with ${eff.app.name} (redirect URI: ${callbackUrl}) and runs: patchbay app configure ${eff.app.id} --client-id <id> --client-secret <secret>`,
    );
  }
  return { type: "none" };
}

export async function createLink(services: Services, accountId: string, eff: EffectiveApp, opts: { redirectUrl?: string; label?: string; scopes?: string[] }) {
  const method = signInMethod(eff, redirectUri(services));
  if (opts.redirectUrl && !/^https?:\/\//i.test(opts.redirectUrl)) throw new ApiError("invalid_request", "body.redirectUrl must be an http(s) URL.");
  const token = base62(32);
  const expiresAt = new Date(Date.now() + LINK_TTL_MS);
  const scopes = opts.scopes ?? eff.scopes ?? method.defaultScopes ?? [];
  await services.db.connectLink.create({
    data: {
      id: newId("link"),
      accountId,
      appId: eff.app.id,
      tokenHash: sha256(token),
      label: opts.label ?? null,
      redirectUrl: opts.redirectUrl ?? null,
      scopes: scopes.join(","),
      expiresAt,
    },
  });
  return { url: `${services.config.baseUrl}/connect/${token}`, app: eff.app.id, expiresAt: expiresAt.toISOString() };
}

export type LinkRow = NonNullable<Awaited<ReturnType<typeof findLink>>>;

export const findLink = (services: Services, token: string) => services.db.connectLink.findUnique({ where: { tokenHash: sha256(token) } });

/** Claims a link for one step; false when another request (or an earlier visit) already did. */
export async function claim(services: Services, linkId: string, step: "openedAt" | "usedAt"): Promise<boolean> {
  const { count } = await services.db.connectLink.updateMany({ where: { id: linkId, [step]: null, expiresAt: { gt: new Date() } }, data: { [step]: new Date() } });
  return count === 1;
}
