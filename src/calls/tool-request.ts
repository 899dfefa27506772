/** Turns a tool's arguments into the HTTP request of its operation (path, query, header and body parameters; a GraphQL operation's variables). */
import type { CatalogTool } from "../catalog/types.js";
import { invalid } from "../errors.js";
import type { AppCall } from "./call-app.js";

export function toolRequest(tool: CatalogTool, args: Record<string, unknown>): AppCall {
  let path = tool.http.path;
  const query: Record<string, unknown> = {};
  const headers: Record<string, string> = {};
  let body: Record<string, unknown> | unknown;
  for (const p of tool.http.params) {
    const value = args[p.name];
    if (value === undefined) continue;
    switch (p.in) {
      case "path":
        path = path.split(`{${p.key}}`).join(encodeURIComponent(String(value)));
        break;
      case "query":
        query[p.key] = value;
        break;
      case "header":
        // An object (a header declared with `content: application/json`, Dropbox-API-Arg) is sent as JSON, ASCII only.
        headers[p.key] = value !== null && typeof value === "object" ? asciiJson(value) : String(value);
        break;
      case "body":
        body = { ...((body as Record<string, unknown>) ?? {}), [p.key]: value };
        break;
    }
  }
  if (tool.http.bodyMode === "property" && args.body !== undefined) body = args.body;
  // A named GraphQL operation: its body inputs are the document's variables.
  if (tool.http.graphql) body = { query: tool.http.graphql.query, variables: body ?? {} };
  const missing = /\{([^}]+)\}/.exec(path);
  if (missing) throw invalid(`arguments.${missing[1]} is required (it is part of the path ${tool.http.path}).`);
  if (tool.http.contentType && body !== undefined) headers["content-type"] = tool.http.contentType;
  // An operation served from its own host (Dropbox's uploads): the call goes there, not to the app's base URL.
  const server = tool.http.baseUrl ? { server: { baseUrl: tool.http.baseUrl, ...(tool.http.baseUrlValues ? { values: tool.http.baseUrlValues } : {}) } } : {};
  return { method: tool.http.method, path, query, headers, body, ...server };
}

/** JSON with every character beyond ASCII escaped (`\u00e9`): what a header can carry, and still the same JSON. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
