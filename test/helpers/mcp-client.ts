import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** An MCP client of the official SDK, connected to a test server (key in the header, or in the URL when `urlKey`). */
export async function mcpClient(baseUrl: string, key: string | null, opts: { urlKey?: boolean } = {}) {
  const url = opts.urlKey && key ? new URL(`${baseUrl}/mcp/k/${key}`) : new URL(`${baseUrl}/mcp`);
  const headers: Record<string, string> = !opts.urlKey && key ? { Authorization: `Bearer ${key}` } : {};
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers } });
  const client = new Client({ name: "patchbay-tests", version: "1.0.0" });
  await client.connect(transport);
  return client;
}
