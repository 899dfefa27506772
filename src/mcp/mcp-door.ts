/**
 * The MCP door: `POST /mcp` (key in `Authorization: Bearer`) and `POST /mcp/k/<key>` (key in the path, for
 * clients that cannot send headers), Streamable HTTP, stateless: a fresh server per request on a JSON exchange
 * (json-exchange.ts), JSON answers, no session ids. Same gate (401 with WWW-Authenticate, 429) and same dispatcher as REST.
 */
import type Koa from "koa";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { Dispatcher } from "../dispatch/dispatcher.js";
import type { Gate } from "../gate/admit.js";
import { keyFromRequest } from "../gate/admit.js";
import type { Caller } from "../gate/caller.js";
import { ApiError } from "../errors.js";
import { toApiError } from "../http/errors.js";
import { checkValueDepth } from "../http/json-depth.js";
import { decodePathParam } from "../http/path-params.js";
import { describeErrors } from "../http/rest-door.js";
import { checkHostAndOrigin } from "./host-check.js";
import type { McpTool } from "./tools-from-contract.js";
import { errorResult, successResult } from "./tool-results.js";
import { guardFaults, internalError } from "./json-rpc-faults.js";
import { JsonExchange, readMessages, writeAnswer } from "./json-exchange.js";
import type { Logger } from "pino";

const MCP_PATH = /^\/mcp(?:\/k\/([^/]+))?\/?$/;

export interface McpDoorDeps {
  tools: McpTool[];
  dispatcher: Dispatcher;
  gate: Gate;
  allowedHosts: () => Set<string>;
  version: string;
}

export function mcpDoor(deps: McpDoorDeps): Koa.Middleware {
  const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, allErrors: false });
  (addFormats as unknown as typeof addFormats.default)(ajv);
  const validators = new Map(deps.tools.map((t) => [t.name, ajv.compile(t.inputSchema)]));
  const byName = new Map(deps.tools.map((t) => [t.name, t]));
  // Made once, not per request: the tool list never changes while the process runs, and a Server left to itself
  // builds a new Ajv instance (its elicitation validator, which we never use) each time: ~12 % of an MCP call's CPU.
  const listed = { tools: deps.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })) };
  const jsonSchemaValidator = new AjvJsonSchemaValidator();

  const buildServer = (caller: Caller, requestId: string, log: Logger) => {
    const server = new Server({ name: "patchbay", version: deps.version }, { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator });
    server.setRequestHandler(ListToolsRequestSchema, async () => listed);
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const tool = byName.get(request.params.name);
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool '${request.params.name}'. The tools are: ${[...byName.keys()].join(", ")}.`);
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      try {
        deps.dispatcher.authorize(tool.operationId, caller);
        checkValueDepth(args);
        const validate = validators.get(tool.name)!;
        if (!validate(args)) throw new ApiError("invalid_request", describeErrors(validate.errors ?? []).replace(/\brequest\b\./, ""));
        const reply = await deps.dispatcher.invoke(tool.operationId, tool.toInput(args) as never, caller, requestId);
        return successResult(reply);
      } catch (err) {
        const apiError = toApiError(err);
        if (apiError && apiError.status < 500) return errorResult(apiError, requestId);
        if (apiError && ["upstream_error", "upstream_timeout", "not_implemented"].includes(apiError.code)) return errorResult(apiError, requestId);
        // A fault of ours: a JSON-RPC internal error, never blamed on the client, and never its text.
        log.error({ err, tool: tool.name }, "MCP tool call failed on our side");
        throw internalError(requestId);
      }
    });
    return server;
  };

  return async (ctx, next) => {
    const match = MCP_PATH.exec(ctx.path);
    if (!match) return next();
    const refusal = checkHostAndOrigin(ctx.get("host") || undefined, ctx.get("origin") || undefined, deps.allowedHosts());
    if (refusal) {
      ctx.status = 403;
      ctx.body = { jsonrpc: "2.0", error: { code: -32000, message: refusal }, id: null };
      return;
    }
    if (ctx.method !== "POST") {
      throw new ApiError("method_not_allowed", "This MCP server is stateless: send JSON-RPC messages with POST; there is no event stream (GET) or session to end (DELETE).", { headers: { Allow: "POST" } });
    }
    const key = match[1] !== undefined ? decodePathParam("key", match[1]) : keyFromRequest(ctx.req);
    const admission = await deps.gate.admit({ key, needsKey: true, client: ctx.ip });
    ctx.set(admission.headers);
    ctx.state.caller = admission.caller;

    ctx.respond = false;
    const messages = await readMessages(ctx.req);
    if (!Array.isArray(messages)) return writeAnswer(ctx.res, messages);
    const server = buildServer(admission.caller!, ctx.state.requestId, ctx.state.log);
    const transport = new JsonExchange();
    ctx.res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    guardFaults(transport, ctx.state.log, ctx.state.requestId);
    writeAnswer(ctx.res, await transport.exchange(messages, ctx.req.headers));
  };
}
