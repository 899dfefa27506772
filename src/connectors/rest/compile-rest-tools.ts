/**
 * A REST connector's operations → its tools, by the catalog's one compiler (compileOperation, the tool namer):
 * a custom API's tools have exactly the catalog's shape. An operation the compiler cannot read is skipped.
 */
import { compileOperation, type OperationContext } from "../../catalog/build/compile-operation.js";
import { actionWords, ToolNamer } from "../../catalog/build/tool-names.js";
import { apiKeyParamNames } from "../../catalog/build/auth-methods.js";
import type { CustomTool, Skipped } from "../types.js";
import type { ReadDescription } from "./read-description.js";

export function compileRestTools(read: ReadDescription, connector: { id: string; appId: string }, keyParam: string | null): { tools: CustomTool[]; skipped: Skipped[] } {
  const { doc } = read;
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, any>;
  const ctx: OperationContext = {
    doc,
    skipParams: new Set([...apiKeyParamNames(doc), ...(keyParam ? [keyParam.toLowerCase()] : [])]),
    oauthSchemes: new Set(Object.keys(schemes).filter((k) => schemes[k]?.type === "oauth2" || schemes[k]?.type === "openIdConnect")),
  };
  const namer = new ToolNamer(connector.appId);
  const tools: CustomTool[] = [];
  const skipped = [...read.skipped];
  for (const { method, path, pointer } of read.operations) {
    const item = doc.paths[path];
    try {
      const draft = compileOperation(method, path, item, item[method], ctx);
      const name = namer.name(actionWords(draft.operationId, draft.http.method, path, connector.appId));
      tools.push({ name, app: connector.appId, description: draft.description, inputSchema: draft.inputSchema, http: draft.http, scopes: draft.scopes, connector: connector.id });
    } catch (err) {
      skipped.push({ item: `${method.toUpperCase()} ${path}`, reason: `${pointer} cannot be compiled: ${(err as Error).message.slice(0, 200)}` });
    }
  }
  tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { tools, skipped };
}
