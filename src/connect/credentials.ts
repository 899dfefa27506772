/**
 * A connection's credentials: what is sealed in the database (AES-256-GCM, never plain) and how each value is
 * placed on an outgoing request, as the app's description says (its method's form fields and their placements).
 */
import { BoundedMemo } from "../bounded-memo.js";
import type { AuthMethod, CredentialField } from "../catalog/types.js";
import type { Secrets } from "../crypto/secrets.js";
import { credentialFields } from "../catalog/build/auth-methods.js";

/**
 * `fields`: every value of the credential form by field name (several fields: Trello's key and token; a secret in
 * the base URL: Telegram's bot token). Connections made before forms had several fields hold only the type's value.
 */
export type Credentials = (
  | { type: "oauth2"; accessToken: string; refreshToken: string | null; tokenType: string }
  /** The client's id and secret are its `fields`; the access token is the latest the token endpoint gave ("" before the first). */
  | { type: "clientCredentials"; accessToken: string; tokenType: string }
  | { type: "apiKey"; apiKey: string }
  | { type: "bearer"; token: string }
  | { type: "basic"; username: string; password: string }
  | { type: "none" }
) & { fields?: Record<string, string> };

export const sealCredentials = (secrets: Secrets, c: Credentials) => secrets.seal(JSON.stringify(c));
/**
 * A connection's credentials, opened: the same frozen object for the same sealed value (opened with the same secrets),
 * since every call of the connection asks again and parsing them was ~2 % of a proxied call. Bounded as Secrets'
 * own memory of opened values is (all forgotten at once when full).
 */
export function openCredentials(secrets: Secrets, sealed: string): Credentials {
  let known = openedCredentials.get(secrets);
  if (!known) openedCredentials.set(secrets, (known = new BoundedMemo(2048)));
  const credentials = known.get(sealed);
  return credentials === undefined ? known.set(sealed, opened(JSON.parse(secrets.open(sealed)) as Credentials)) : credentials;
}

const openedCredentials = new WeakMap<Secrets, BoundedMemo<Credentials>>();

function opened(credentials: Credentials): Credentials {
  if (credentials.fields) Object.freeze(credentials.fields);
  return Object.freeze(credentials);
}

/** The credentials a filled-in form gives for a method: every field's value, and the type's own value for older readers. */
export function credentialsFromFields(method: AuthMethod, values: Record<string, string>): Credentials {
  const fields = credentialFields(method);
  const valueWhere = (pick: (f: CredentialField) => boolean) => values[(fields.find(pick) ?? fields[0])?.name ?? ""] ?? "";
  switch (method.type) {
    case "basic":
      return {
        type: "basic",
        username: valueWhere((f) => f.placement.in === "basic" && f.placement.part === "username"),
        password: valueWhere((f) => f.placement.in === "basic" && f.placement.part === "password"),
        fields: values,
      };
    case "bearer":
      return { type: "bearer", token: valueWhere((f) => f.placement.in === "bearer"), fields: values };
    case "apiKey":
      return { type: "apiKey", apiKey: valueWhere(() => true), fields: values };
    case "clientCredentials":
      return { type: "clientCredentials", accessToken: "", tokenType: "bearer", fields: values };
    default:
      return { type: "none", fields: values };
  }
}

/** The value of one form field in stored credentials (older connections: the type's own value). */
export function fieldValue(credentials: Credentials, field: CredentialField): string | undefined {
  const given = credentials.fields?.[field.name];
  if (given !== undefined) return given;
  switch (credentials.type) {
    case "apiKey":
      return credentials.apiKey;
    case "bearer":
      return credentials.token;
    case "basic":
      return field.placement.in === "basic" ? credentials[field.placement.part] : undefined;
    default:
      return undefined;
  }
}

/** Values of the credential fields that go inside the base URL (Telegram's `{token}`), for filling it in. */
export function urlSecrets(credentials: Credentials, method: AuthMethod | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!method) return out;
  for (const f of credentialFields(method)) {
    if (f.placement.in !== "url") continue;
    const v = fieldValue(credentials, f);
    if (v !== undefined) out[f.placement.variable] = v;
  }
  return out;
}

/**
 * The app's method a connection uses: of its type, the one whose form fields its credentials hold (an app may offer
 * key + token together and a key alone), else the first of the type.
 */
export function methodOf(auth: AuthMethod[], credentials: Credentials, authType: string): AuthMethod | undefined {
  const ofType = auth.filter((m) => m.type === authType);
  if (ofType.length < 2 || !credentials.fields) return ofType[0];
  const given = credentials.fields;
  return ofType.find((m) => credentialFields(m).every((f) => given[f.name] !== undefined)) ?? ofType[0];
}

export interface OutgoingRequest {
  url: URL;
  headers: Record<string, string>;
}

/** Puts each credential value where the app wants it. `method`: the app's method of the connection (methodOf). */
export function placeCredentials(req: OutgoingRequest, credentials: Credentials, method: AuthMethod | undefined): void {
  if (credentials.type === "none" && !credentials.fields) return;
  if (credentials.type === "oauth2" || credentials.type === "clientCredentials") {
    // The token goes on calls; a client's id and secret go only to its token endpoint (client-credentials.ts).
    const at = method?.tokenPlacement;
    if (!at) req.headers.authorization = `Bearer ${credentials.accessToken}`;
    else if (at.in === "query") req.url.searchParams.set(at.name, credentials.accessToken);
    else req.headers[at.name.toLowerCase()] = `${at.prefix ?? ""}${credentials.accessToken}`;
    return;
  }
  const fields = method ? credentialFields(method) : legacyFields(credentials);
  let basic: { username: string; password: string } | undefined;
  for (const field of fields) {
    const value = fieldValue(credentials, field);
    if (value === undefined) continue;
    const p = field.placement;
    switch (p.in) {
      case "header":
        req.headers[p.name.toLowerCase()] = `${p.prefix ?? ""}${value}`;
        break;
      case "query":
        req.url.searchParams.set(p.name, `${p.prefix ?? ""}${value}`);
        break;
      case "cookie": {
        const cookie = `${p.name}=${encodeURIComponent(`${p.prefix ?? ""}${value}`)}`;
        req.headers.cookie = req.headers.cookie ? `${req.headers.cookie}; ${cookie}` : cookie;
        break;
      }
      case "bearer":
        req.headers.authorization = `Bearer ${value}`;
        break;
      case "basic":
        basic = { username: "", password: "", ...basic, [p.part]: value };
        break;
      case "url":
        break; // filled into the base URL before the request is built (calls/build-url.ts)
      default: {
        const unreachable: never = p;
        throw new Error(`unknown credential placement ${JSON.stringify(unreachable)}`);
      }
    }
  }
  if (basic) req.headers.authorization = `Basic ${Buffer.from(`${basic.username}:${basic.password}`).toString("base64")}`;
}

/** Without the app's method (a method removed from the catalog): the credential's type says where it goes. */
function legacyFields(c: Credentials): CredentialField[] {
  if (c.type === "bearer") return [{ name: "token", label: "", placement: { in: "bearer" } }];
  if (c.type === "basic") return [{ name: "username", label: "", placement: { in: "basic", part: "username" } }, { name: "password", label: "", placement: { in: "basic", part: "password" } }];
  if (c.type === "apiKey") return [{ name: "apiKey", label: "", placement: { in: "header", name: "Authorization" } }];
  return [];
}
