/**
 * A remote MCP server's tools (every page of `tools/list`) as custom tools: named `CUSTOM_<NAME>_<TOOL>`, with the
 * server's input schema made plain (no `$schema`, type object) and checked to compile; a tool whose schema cannot
 * be used is skipped with the reason.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { MAX_TOOLS, type CustomTool, type ReadTools, type Skipped } from "../types.js";
import { nameMcpTools } from "../names.js";
import { compiledValidator } from "../../schema/compiled-validator.js";
import { customValidatorKey } from "../validator-key.js";
import type { McpSession } from "./mcp-session.js";

const MAX_PAGES = 100;
const MAX_DESCRIPTION = 2000;

export async function readMcpTools(session: McpSession, connector: { id: string; appId: string }): Promise<ReadTools> {
  const listed: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES && listed.length <= MAX_TOOLS; page++) {
    const answer = await session.client.listTools(cursor ? { cursor } : undefined);
    listed.push(...answer.tools);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  const skipped: Skipped[] = [];
  if (listed.length > MAX_TOOLS) skipped.push({ item: `tools after the first ${MAX_TOOLS}`, reason: `a connector offers at most ${MAX_TOOLS} tools` });
  const usable: { tool: Tool; schema: Record<string, unknown> }[] = [];
  for (const tool of listed.slice(0, MAX_TOOLS)) {
    const schema = plainSchema(tool.inputSchema as Record<string, unknown>);
    try {
      compiledValidator(customValidatorKey(connector.id, schema), schema); // the validator runs will use
      usable.push({ tool, schema });
    } catch (err) {
      skipped.push({ item: tool.name, reason: `its input schema cannot be used: ${(err as Error).message.slice(0, 200)}` });
    }
  }
  const names = nameMcpTools(connector.appId, usable.map((u) => u.tool.name));
  const tools: CustomTool[] = usable.map(({ tool, schema }) => ({
    name: names.get(tool.name)!,
    app: connector.appId,
    description: (tool.description || tool.title || `The MCP tool ${tool.name}.`).slice(0, MAX_DESCRIPTION),
    inputSchema: schema,
    http: null,
    scopes: [],
    connector: connector.id,
    mcpName: tool.name,
  }));
  tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { tools, skipped, transport: session.transport };
}

/** The schema as a plain JSON Schema object: no `$schema` (a draft the validator may not load), type object. */
function plainSchema(schema: Record<string, unknown> | undefined): Record<string, unknown> {
  const { $schema: _drop, ...rest } = schema ?? {};
  return { ...rest, type: "object" };
}
