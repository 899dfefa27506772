/**
 * Reads a connector's tools again: the MCP server's `tools/list` (on demand, or when the server announced
 * `notifications/tools/list_changed` during a call), or the stored description compiled again.
 */
import type { Services } from "../services.js";
import { connectorOrThrow, saveTools } from "./store/connectors.js";
import { withMcpServer, type McpSession, type McpTarget } from "./mcp/mcp-session.js";
import { readMcpTools } from "./mcp/read-mcp-tools.js";
import { readDescription } from "./rest/read-description.js";
import { keyParamOf } from "./rest/key-placement.js";
import { compileRestTools } from "./rest/compile-rest-tools.js";

type Row = Awaited<ReturnType<typeof connectorOrThrow>>;

export async function refreshConnector(services: Services, accountId: string, id: string) {
  const row = await connectorOrThrow(services.db, accountId, id);
  if (row.kind === "mcp") return withMcpServer(services, mcpTarget(services, row), (session) => refreshFromSession(services, row, session));
  const read = readDescription(JSON.parse(row.spec!));
  const { tools, skipped } = compileRestTools(read, { id: row.id, appId: row.appId }, keyParamOf(row.keyIn ?? "bearer"));
  return saveTools(services.db, accountId, row.id, { tools, skipped, transport: null });
}

/** Lists the tools again on an open session and stores them. */
export async function refreshFromSession(services: Services, row: Row, session: McpSession) {
  const read = await readMcpTools(session, { id: row.id, appId: row.appId });
  return saveTools(services.db, row.accountId, row.id, read);
}

export const mcpTarget = (services: Services, row: Row): McpTarget => ({
  name: row.name,
  url: row.url,
  key: row.keySealed ? services.secrets.open(row.keySealed) : null,
  transport: row.transport as McpTarget["transport"],
});
