/**
 * A connection's credentials: what is sealed in the database (AES-256-GCM, never plain) and how each kind is
 * placed on an outgoing request, as the app's description says.
 */
import type { AuthMethod } from "../catalog/types.js";
import type { Secrets } from "../crypto/secrets.js";

export type Credentials =
  | { type: "oauth2"; accessToken: string; refreshToken: string | null; tokenType: string }
  | { type: "apiKey"; apiKey: string }
  | { type: "bearer"; token: string }
  | { type: "basic"; username: string; password: string }
  | { type: "none" };

export const sealCredentials = (secrets: Secrets, c: Credentials) => secrets.seal(JSON.stringify(c));
export const openCredentials = (secrets: Secrets, sealed: string) => JSON.parse(secrets.open(sealed)) as Credentials;

export interface OutgoingRequest {
  url: URL;
  headers: Record<string, string>;
}

/** Puts the credential where the app wants it. `method` is the app's auth method of the connection's type. */
export function placeCredentials(req: OutgoingRequest, credentials: Credentials, method: AuthMethod | undefined): void {
  switch (credentials.type) {
    case "oauth2":
      req.headers.authorization = `Bearer ${credentials.accessToken}`;
      return;
    case "bearer":
      req.headers.authorization = `Bearer ${credentials.token}`;
      return;
    case "basic":
      req.headers.authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
      return;
    case "apiKey": {
      const name = method?.name ?? "Authorization";
      if (method?.in === "query") req.url.searchParams.set(name, credentials.apiKey);
      else if (method?.in === "cookie") req.headers.cookie = `${name}=${encodeURIComponent(credentials.apiKey)}`;
      else req.headers[name.toLowerCase()] = credentials.apiKey;
      return;
    }
    case "none":
      return;
    default: {
      const unreachable: never = credentials;
      throw new Error(`unknown credential type ${JSON.stringify(unreachable)}`);
    }
  }
}
