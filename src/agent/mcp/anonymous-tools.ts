/**
 * What an MCP session without a key runs on the agent host: the public catalog, no account. `search_apps` is the
 * public catalog operation (listCatalog takes the same arguments); `find_tools` and `get_tool` rank and read the
 * catalog's tools, without an account's connections or custom connectors, in the same shapes as with a key. The
 * account's tools (connect_app, list_connections, run_tool) are refused with a message saying how to get a key.
 */
import type { Dispatcher } from "../../dispatch/dispatcher.js";
import { Reply } from "../../dispatch/types.js";
import type { Services } from "../../services.js";
import { ApiError } from "../../errors.js";
import { catalogFindResponse, catalogToolOrThrow, type FindRequest } from "../../handlers/tools.js";

/** A tool call's arguments split as its operation's input (McpTool.toInput). */
export interface ToolInput {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export type AnonymousRun = (input: ToolInput, requestId: string) => Promise<Reply<unknown>>;

export function anonymousTools(services: Services, dispatcher: Dispatcher): Map<string, AnonymousRun> {
  const { catalog } = services;
  return new Map<string, AnonymousRun>([
    ["search_apps", (input, requestId) => dispatcher.invoke("listCatalog", { query: input.query } as never, null, requestId)],
    // The same account-less find and tool read as the REST handlers' (notice, includeDeprecated and all).
    ["find_tools", async ({ body }) => new Reply(await catalogFindResponse(catalog, body as FindRequest))],
    ["get_tool", async ({ path }) => new Reply(catalogToolOrThrow(catalog, String(path.tool)))],
  ]);
}

/** The refusal of an account tool in a session without a key: what to get, where, and how to send it. */
export function keyNeeded(tool: string, config: { baseUrl: string; agentUrl: string }, withoutKey: string[]): ApiError {
  return new ApiError(
    "unauthorized",
    `${tool} acts for a Patchbay account, so it needs a Patchbay API key. Sign in (or sign up) at ${config.baseUrl}/developer, ` +
      `create a key there, and send it as \`Authorization: Bearer patchbay_sk_...\` to ${config.agentUrl}/mcp, or use ${config.agentUrl}/mcp/k/<key>. ` +
      `Without a key, ${withoutKey.join(", ")} work.`,
  );
}
