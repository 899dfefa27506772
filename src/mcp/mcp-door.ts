/**
 * The MCP door: `POST /mcp` (key in `Authorization: Bearer`) and `POST /mcp/k/<key>` (key in the path, for
 * clients that cannot send headers), Streamable HTTP, stateless: a fresh server per request on a JSON exchange
 * (json-exchange.ts), JSON answers, no session ids. Same gate (401 with WWW-Authenticate, 429) and same dispatcher as REST.
 * On the agent host, a POST without any key is an anonymous session with the public tools, counted as the agent host
 * counts its clients, and the agent host's own tools are offered besides (src/agent/mcp/agent-mcp.ts). A key that is
 * sent but not valid is refused (401) everywhere: it never falls back to an anonymous session.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type Koa from "koa";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { Dispatcher } from "../dispatch/dispatcher.js";
import type { Gate } from "../gate/admit.js";
import { keyFromRequest } from "../gate/admit.js";
import type { Caller } from "../gate/caller.js";
import { ApiError } from "../errors.js";
import { errorAnswer, toApiError } from "../http/errors.js";
import { logRequestLine, RequestState, requestIdOf } from "../http/request-context.js";
import { ipOf, requestHost, sendAnswer, type Lane } from "../http/rest-lane.js";
import { checkValueDepth } from "../http/json-depth.js";
import { decodePathParam } from "../http/path-params.js";
import { describeErrors } from "../http/rest-door.js";
import { checkHostAndOrigin } from "./host-check.js";
import type { McpTool } from "./tools-from-contract.js";
import type { AgentMcp } from "../agent/mcp/agent-mcp.js";
import type { AgentTool } from "../agent/mcp/agent-tool.js";
import { errorResult, successResult } from "./tool-results.js";
import { guardFaults, internalError, rpcErrorOf } from "./json-rpc-faults.js";
import { JsonExchange, plainToolCall, readMessages, writeAnswer, type PlainToolCall, type ToolCallParams } from "./json-exchange.js";
import type { Logger } from "pino";

const MCP_PATH = /^\/mcp(?:\/k\/([^/]+))?\/?$/;

export interface McpDoorDeps {
  log: Logger;
  /** Whether X-Forwarded-* headers are trusted (PATCHBAY_TRUST_PROXY). */
  trustProxy: boolean;
  tools: McpTool[];
  dispatcher: Dispatcher;
  gate: Gate;
  allowedHosts: () => Set<string>;
  version: string;
  agent: AgentMcp;
}

/** Who the exchange is for: an account (key) or nobody (anonymous, agent host only), and whether on the agent host. */
interface Session {
  caller: Caller | null;
  /** The rate-limit identity, given to the agent host's tools. */
  client: string;
  agentHost: boolean;
}

export interface McpDoor {
  middleware: Koa.Middleware;
  /** Takes the requests it can serve without Koa (see `lane` below); false passes one on. */
  lane: Lane;
}

export function mcpDoor(deps: McpDoorDeps): McpDoor {
  const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, allErrors: false });
  (addFormats as unknown as typeof addFormats.default)(ajv);
  const validators = new Map([...deps.tools, ...deps.agent.tools].map((t) => [t.name, ajv.compile(t.inputSchema)]));
  const byName = new Map(deps.tools.map((t) => [t.name, t]));
  const agentTools = new Map(deps.agent.tools.map((t) => [t.name, t]));
  // Made once, not per request: the tool list never changes while the process runs, and a Server left to itself
  // builds a new Ajv instance (its elicitation validator, which we never use) each time: ~12 % of an MCP call's CPU.
  const listed = { tools: deps.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })) };
  const listedOnAgentHost = {
    tools: [...listed.tools, ...deps.agent.tools.map((t) => ({ name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema }))],
  };
  const jsonSchemaValidator = new AjvJsonSchemaValidator();

  const validated = (name: string, args: Record<string, unknown>) => {
    checkValueDepth(args);
    const validate = validators.get(name)!;
    if (!validate(args)) throw new ApiError("invalid_request", describeErrors(validate.errors ?? []).replace(/\brequest\b\./, ""));
    return args;
  };

  const runAgentTool = async (tool: AgentTool, args: Record<string, unknown>, session: Session): Promise<CallToolResult> => {
    const out = await tool.run(validated(tool.name, args), { services: deps.agent.services, client: session.client });
    return { content: [{ type: "text", text: out.text }], structuredContent: out.structured, ...(out.isError ? { isError: true } : {}) };
  };

  const runTool = async (tool: McpTool, args: Record<string, unknown>, session: Session, requestId: string): Promise<CallToolResult> => {
    if (session.caller) deps.dispatcher.authorize(tool.operationId, session.caller);
    const anonymous = session.caller ? undefined : deps.agent.anonymous.get(tool.name);
    if (!session.caller && !anonymous) throw deps.agent.keyNeeded(tool.name);
    const input = tool.toInput(validated(tool.name, args));
    return successResult(anonymous ? await anonymous(input, requestId) : await deps.dispatcher.invoke(tool.operationId, input as never, session.caller, requestId));
  };

  const buildServer = (session: Session, requestId: string, log: Logger) => {
    const server = new Server(
      { name: "patchbay", version: deps.version },
      { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator, ...(session.caller ? {} : { instructions: deps.agent.anonymousInstructions() }) },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => (session.agentHost ? listedOnAgentHost : listed));
    server.setRequestHandler(CallToolRequestSchema, (request) => callTool(request.params, session, requestId, log));
    return server;
  };

  /** tools/call: the result, or the JSON-RPC error it is thrown as (an unknown tool; a fault of ours). */
  const callTool = async (params: ToolCallParams, session: Session, requestId: string, log: Logger): Promise<CallToolResult> => {
    const name = params.name;
    const agentTool = session.agentHost ? agentTools.get(name) : undefined;
    const tool = byName.get(name);
    if (!tool && !agentTool) {
      const names = [...byName.keys(), ...(session.agentHost ? agentTools.keys() : [])];
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool '${name}'. The tools are: ${names.join(", ")}.`);
    }
    const args = (params.arguments ?? {}) as Record<string, unknown>;
    try {
      return agentTool ? await runAgentTool(agentTool, args, session) : await runTool(tool!, args, session, requestId);
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError && apiError.status < 500) return errorResult(apiError, requestId);
      if (apiError && ["upstream_error", "upstream_timeout", "not_implemented"].includes(apiError.code)) return errorResult(apiError, requestId);
      // A fault of ours: a JSON-RPC internal error, never blamed on the client, and never its text.
      log.error({ err, tool: name }, "MCP tool call failed on our side");
      throw internalError(requestId);
    }
  };

  /**
   * A lone tools/call of the plain shape (json-exchange.ts, plainToolCall), answered by `callTool` itself: the message
   * the SDK's Server would send for it (its result first, or its error as the Server maps a thrown one; a fault's text
   * replaced as guardFaults does), without a Server built, connected and closed for one call, and without the SDK
   * checking the request twice and our result once more with its schemas (~100 µs of a find_tools call). Everything
   * else (initialize, lists, pings, batches, a call with _meta) is the SDK's Server's. test/mcp/mcp-lane.test.ts
   * compares the two answers.
   */
  const answerToolCall = async (message: PlainToolCall, session: Session, requestId: string, log: Logger): Promise<JSONRPCMessage> => {
    try {
      return { result: await callTool(message.params, session, requestId, log), jsonrpc: "2.0", id: message.id } as JSONRPCMessage;
    } catch (err) {
      return { jsonrpc: "2.0", id: message.id, error: rpcErrorOf(err, requestId, log) };
    }
  };

  /** Answers the messages of an admitted session (the answer is written to `res` directly, whatever door it came through). */
  const answer = async (req: IncomingMessage, res: ServerResponse, session: Session, requestId: string, log: Logger) => {
    const messages = await readMessages(req);
    if (!Array.isArray(messages)) return writeAnswer(res, messages);
    if (!session.caller) for (const [name, value] of Object.entries(await deps.agent.chargeToolCalls(session.client, messages))) res.setHeader(name, value);
    if (messages.length === 1 && plainToolCall(messages[0])) return writeAnswer(res, { status: 200, body: await answerToolCall(messages[0], session, requestId, log) });
    const server = buildServer(session, requestId, log);
    const transport = new JsonExchange();
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    guardFaults(transport, log, requestId);
    writeAnswer(res, await transport.exchange(messages, req.headers));
  };

  const middleware: Koa.Middleware = async (ctx, next) => {
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
    const agentHost = deps.agent.serves(ctx.host);
    let session: Session;
    if (key === null && agentHost) {
      const { client, headers } = await deps.agent.admitAnonymous(ctx);
      ctx.set(headers);
      session = { caller: null, client, agentHost };
    } else {
      const admission = await deps.gate.admit({ key, needsKey: true, client: ctx.ip });
      ctx.set(admission.headers);
      session = { caller: admission.caller!, client: `key:${admission.caller!.key.id}`, agentHost };
    }
    ctx.state.caller = session.caller;
    await answer(ctx.req, ctx.res, session, ctx.state.requestId, ctx.state.log);
    ctx.respond = false; // answered on ctx.res (an error before that is answered by the error handler)
  };

  /**
   * The MCP door's lane (as http/rest-lane.ts is the REST door's): a POST with a key, on an allowed host and without an
   * Origin, is served from Node's request event, skipping Koa's context and middleware chain (a few per cent of an MCP
   * call's CPU in a profile, little beside the SDK's own work). The same steps and functions as above; everything else
   * (anonymous sessions, refusals of the host or origin, other methods) goes through Koa. test/mcp/mcp-lane.test.ts
   * compares the two.
   */
  const lane: Lane = (req, res) => {
    const url = req.url ?? "";
    if (req.method !== "POST" || url.includes("?") || req.headers.origin !== undefined) return false;
    const match = MCP_PATH.exec(url);
    if (!match || checkHostAndOrigin(req.headers.host || undefined, undefined, deps.allowedHosts())) return false;
    let key: string | null;
    try {
      key = match[1] !== undefined ? decodePathParam("key", match[1]) : keyFromRequest(req);
    } catch {
      return false; // a malformed key: Koa's door answers it
    }
    if (key === null) return false;
    const started = performance.now();
    const state = new RequestState(deps.log, requestIdOf(req.headers["x-request-id"]));
    res.setHeader("X-Request-Id", state.requestId);
    const agentHost = deps.agent.serves(requestHost(req.headers, deps.trustProxy));
    void (async () => {
      try {
        const admission = await deps.gate.admit({ key, needsKey: true, client: ipOf(req, deps.trustProxy) });
        for (const [name, value] of Object.entries(admission.headers)) res.setHeader(name, value);
        state.caller = admission.caller;
        await answer(req, res, { caller: admission.caller!, client: `key:${admission.caller!.key.id}`, agentHost }, state.requestId, state.log);
      } catch (err) {
        const headers: Record<string, string | string[]> = {};
        const { status, body } = errorAnswer(err, state, headers);
        sendAnswer(res, state, status, headers, body);
      }
      logRequestLine(state, "POST", url, res.statusCode, started);
    })().catch((err: unknown) => {
      // The answer above handles every error; this is for a fault in answering (the client is cut off, not left waiting).
      deps.log.error({ err }, "request failed");
      res.destroy();
    });
    return true;
  };

  return { middleware, lane };
}
