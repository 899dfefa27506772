/** One planned app → its CatalogApp record and its tools, ordered by name. */
import { CURATED_TOOL_DESCRIPTIONS, PROVIDER_BRANDS } from "../curated.js";
import type { CatalogApp, CatalogTool } from "../types.js";
import { apiKeyParamNames, authMethods } from "./auth-methods.js";
import { appFields } from "./app-record.js";
import { serverVariables } from "./connection-variables.js";
import { compileOperation, type OperationContext } from "./compile-operation.js";
import type { ServerContext } from "./operation-servers.js";
import type { PlannedApp } from "./plan-apps.js";
import { curateDescription } from "./curate-description.js";
import { HTTP_METHODS, normalisePath, readDescriptionFile } from "./read-descriptions.js";
import { actionWords, ToolNamer } from "./tool-names.js";

/** Parameters some providers put on every operation that are transport details, not inputs a caller chooses. */
const PROVIDER_NOISE: Record<string, string[]> = {
  "googleapis.com": ["$.xgafv", "access_token", "alt", "callback", "fields", "key", "oauth_token", "prettyprint", "quotauser", "upload_protocol", "uploadtype", "userip"],
};
const CREDENTIAL_PARAMS = ["api_key", "apikey", "api-key", "x-api-key", "access_token", "oauth_token"];

export interface CompiledApp {
  app: CatalogApp;
  tools: CatalogTool[];
}

/** Names of apps from a provider's family carry the brand: "Azure Network", "Google BigQuery", "HubSpot Files". */
function familyName(planned: PlannedApp, name: string): string {
  const meta = planned.descriptions[0]!;
  if (meta.provider === "azure.com") {
    const group = planned.id.replace(/^azure_/, "").replace(/_[a-z0-9]{6}$/, "").split("_");
    return `Azure ${group.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ")}`;
  }
  const brand = Object.hasOwn(PROVIDER_BRANDS, meta.provider) ? PROVIDER_BRANDS[meta.provider]!.name : undefined;
  if (!brand) return name;
  const known = [brand, ...(meta.provider === "amazonaws.com" ? ["Amazon"] : []), ...(meta.provider === "googleapis.com" ? ["Gmail", "YouTube"] : [])];
  return known.some((b) => name.toLowerCase().includes(b.toLowerCase())) ? name : `${brand} ${name}`;
}

export function compileApp(planned: PlannedApp, onDescription?: () => void): CompiledApp {
  const namer = new ToolNamer(planned.id);
  const seen = new Set<string>();
  const tools: CatalogTool[] = [];
  let app: CatalogApp | undefined;
  let servers: ServerContext | undefined;
  const curatedParams = (planned.curated?.credentialParams ?? []).map((p) => p.toLowerCase());
  for (const meta of planned.descriptions) {
    let doc = readDescriptionFile(meta.path);
    // Curated corrections (servers, security schemes) apply to the description that gives the app its auth.
    if (!app) doc = curateDescription(doc, planned.curated);
    if (!app) {
      const fields = appFields(doc, meta.provider);
      const server = serverVariables(doc, meta.provider);
      const variables = server.variables.length ? { variables: server.variables } : {};
      app = { id: planned.id, ...fields, baseUrl: server.baseUrl, auth: authMethods(doc, fields.baseUrl, server.secretFields), ...variables, toolCount: 0 };
      servers = { provider: meta.provider, appBaseUrl: server.baseUrl, variables: server.variables, urlSecrets: server.secretFields.map((f) => f.name) };
    }
    const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, any>;
    const ctx: OperationContext = {
      doc,
      skipParams: new Set([...apiKeyParamNames(doc), ...CREDENTIAL_PARAMS, ...curatedParams, ...(PROVIDER_NOISE[meta.provider] ?? [])]),
      oauthSchemes: new Set(Object.keys(schemes).filter((k) => schemes[k]?.type === "oauth2" || schemes[k]?.type === "openIdConnect")),
      servers,
    };
    for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, any>)) {
      if (!item || typeof item !== "object") continue;
      if (planned.curated?.paths && !planned.curated.paths.test(path)) continue;
      for (const m of HTTP_METHODS) {
        const op = item[m];
        if (!op || typeof op !== "object") continue;
        // GraphQL operations share one endpoint (`POST /graphql`): each is its own operation by its operationId.
        const key = `${m.toUpperCase()} ${normalisePath(path)}${op["x-patchbay-graphql"] ? ` ${op.operationId}` : ""}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const draft = compileOperation(m, path, item, op, ctx);
        const curatedTexts = Object.hasOwn(CURATED_TOOL_DESCRIPTIONS, planned.id) ? CURATED_TOOL_DESCRIPTIONS[planned.id]! : {};
        const opKey = `${m.toUpperCase()} ${path}`;
        const curatedText = Object.hasOwn(curatedTexts, opKey) ? curatedTexts[opKey] : undefined;
        if (curatedText) draft.description = curatedText;
        const name = namer.name(actionWords(draft.operationId, draft.http.method, path, planned.id));
        tools.push({ name, app: planned.id, description: draft.description, inputSchema: draft.inputSchema, http: draft.http, scopes: draft.scopes });
      }
    }
    onDescription?.();
  }
  tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const curated = planned.curated;
  const result = app!;
  result.name = familyName(planned, result.name);
  result.toolCount = tools.length;
  if (curated) {
    result.name = curated.name;
    if (curated.description) result.description = curated.description;
    if (curated.categories) result.categories = curated.categories;
    if (curated.docsUrl) result.docsUrl = curated.docsUrl;
    if (curated.logoUrl) result.logoUrl = curated.logoUrl;
    if (curated.deprecated) result.deprecated = true;
    // Descriptions that declare no security scheme (GitHub's) get the provider's documented ways to sign in.
    if (curated.auth && result.auth.every((m) => m.type === "none")) result.auth = curated.auth.map((m) => ({ ...m }));
    if (curated.defaultScopes) {
      for (const m of result.auth) if (m.type === "oauth2") m.defaultScopes = curated.defaultScopes.filter((s) => !m.scopes?.length || m.scopes.includes(s));
    }
  }
  return { app: result, tools };
}
