/**
 * Runs a custom tool through the same run path as catalog tools (argument validation, Idempotency-Key replays,
 * the runs log), calling the connector instead of a connected app: an MCP server's `tools/call` (the key as
 * Bearer), or the REST API's operation (the key where the connector says). A tool error from an MCP server is a
 * run with `successful: false` and the server's content; an MCP server that says its tools changed during the
 * call has its tools read again.
 */
import { McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Services } from "../services.js";
import type { CatalogApp, CatalogTool } from "../catalog/types.js";
import type { EffectiveApp } from "../domain/app-settings.js";
import { ApiError, invalid } from "../errors.js";
import { customValidatorKey } from "./validator-key.js";
import { runTool, type RunResult, type ToolOutcome } from "../calls/run-tool.js";
import { sendWithCredentials } from "../calls/call-app.js";
import { toolRequest } from "../calls/tool-request.js";
import { buildUrl } from "../calls/build-url.js";
import { parseBody } from "../calls/read-response.js";
import type { CustomTool } from "./types.js";
import { connectorOrThrow } from "./store/connectors.js";
import { withMcpServer } from "./mcp/mcp-session.js";
import { mcpTarget, refreshFromSession } from "./refresh.js";
import { keyCredentials } from "./rest/key-placement.js";

type Row = Awaited<ReturnType<typeof connectorOrThrow>>;

export async function runCustomTool(
  services: Services,
  accountId: string,
  tool: CustomTool,
  args: Record<string, unknown>,
  opts: { connection?: string; idempotencyKey?: string },
): Promise<RunResult> {
  if (opts.connection) throw invalid(`connection does not apply to ${tool.name}: a custom connector's tools use the connector's own key.`);
  const validatorKey = customValidatorKey(tool.connector, tool.inputSchema);
  return runTool(services, accountId, { ...tool, validatorKey }, args, {
    idempotencyKey: opts.idempotencyKey,
    invoke: async () => {
      const row = await connectorOrThrow(services.db, accountId, tool.connector);
      return row.kind === "mcp" ? callMcpTool(services, row, tool, args) : callRestTool(services, row, tool, args);
    },
  });
}

async function callMcpTool(services: Services, row: Row, tool: CustomTool, args: Record<string, unknown>): Promise<ToolOutcome> {
  return withMcpServer(services, mcpTarget(services, row), async (session) => {
    let outcome: ToolOutcome;
    try {
      const result = (await session.client.callTool({ name: tool.mcpName!, arguments: args })) as CallToolResult;
      const { _meta: _drop, ...data } = result;
      outcome = { status: null, body: data, connection: null, successful: result.isError !== true, failure: result.isError === true ? `${row.name}'s tool ${tool.mcpName} reported an error: ${firstText(result)}` : null };
    } catch (err) {
      if (!(err instanceof McpError)) throw err;
      outcome = { status: null, body: { code: err.code, message: err.message }, connection: null, successful: false, failure: `${row.name} refused the call of ${tool.mcpName}: ${err.message.slice(0, 300)}` };
    }
    if (session.listChanged) await refreshFromSession(services, row, session);
    return outcome;
  });
}

function firstText(result: CallToolResult): string {
  const text = result.content?.find((c) => c.type === "text") as { text?: string } | undefined;
  return (text?.text ?? "(no text)").slice(0, 300);
}

async function callRestTool(services: Services, row: Row, tool: CustomTool, args: Record<string, unknown>): Promise<ToolOutcome> {
  const request = toolRequest(tool as CatalogTool, args);
  const url = buildUrl(row.url, request.path, request.query);
  const { credentials, method, authType } = keyCredentials(row.keyIn ?? "bearer", row.keySealed ? services.secrets.open(row.keySealed) : null);
  const app: CatalogApp = { id: row.appId, name: row.name, description: "", categories: [], baseUrl: row.url, auth: method ? [method] : [], toolCount: row.toolCount, logoUrl: null, docsUrl: null };
  const eff: EffectiveApp = { app, baseUrl: row.url, auth: app.auth, oauthClient: null, scopes: null, operatorHosts: new Set() };
  const res = await sendWithCredentials(services, eff, credentials, authType, url, request);
  const body = parseBody(res);
  if (res.status >= 500) {
    const detail = typeof body === "string" ? body.slice(0, 200) : JSON.stringify(body).slice(0, 200);
    throw new ApiError("upstream_error", `${row.name} answered ${res.status}: ${detail}`, { upstreamStatus: res.status });
  }
  const successful = res.status >= 200 && res.status < 300;
  return { status: res.status, body, connection: null, successful, failure: successful ? null : `${row.name} answered ${res.status}.` };
}
