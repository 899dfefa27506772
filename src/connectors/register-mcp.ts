/**
 * Registers a remote MCP server: check its URL with the outbound guard's rule, connect as an MCP client (Streamable
 * HTTP, else HTTP+SSE), list its tools, seal the key, store the connector with its tools.
 */
import type { Services } from "../services.js";
import { newId } from "../crypto/random.js";
import { checkOutboundUrl } from "../net/check-url.js";
import { connectorAppId } from "./names.js";
import { assertNameFree, createConnector } from "./store/connectors.js";
import { withMcpServer } from "./mcp/mcp-session.js";
import { readMcpTools } from "./mcp/read-mcp-tools.js";

export interface McpRegistration {
  name: string;
  url: string;
  key?: string;
}

export async function registerMcp(services: Services, accountId: string, input: McpRegistration) {
  const appId = connectorAppId(input.name);
  await assertNameFree(services.db, accountId, appId);
  const url = (await checkOutboundUrl("url", input.url, services.config.allowPrivateNetwork)).toString();
  const id = newId("cc");
  const read = await withMcpServer(services, { name: input.name, url, key: input.key ?? null, transport: null }, (session) => readMcpTools(session, { id, appId }));
  return createConnector(
    services.db,
    { id, accountId, kind: "mcp", name: input.name, appId, url, keySealed: input.key ? services.secrets.seal(input.key) : null, keyIn: null, spec: null },
    read,
  );
}
