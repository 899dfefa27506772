/**
 * The agent host's side of the MCP door (src/mcp/mcp-door.ts). On the agent host (on every host when
 * PATCHBAY_AGENT_URL is the base URL), `POST /mcp` without a key is an anonymous session: the client is identified as
 * on the rest of the agent host (the verified Web Bot Auth agent, else the address) and counted by the same limiter,
 * one request per tools/call; each POST also counts in the protocol allowance (rate-limit.ts), so that a standard
 * client can initialize and list the tools before its first call. The session runs the public tools over the public
 * catalog (anonymous-tools.ts). With a key, the endpoint is the base host's, for the key's account. With or without
 * a key, the agent host also offers its own tools (create_checkout).
 */
import type Koa from "koa";
import { separateAgentHost } from "../../http/host-of.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Dispatcher } from "../../dispatch/dispatcher.js";
import type { RateLimiter } from "../../gate/rate-limit.js";
import type { ApiError } from "../../errors.js";
import type { Services } from "../../services.js";
import type { KeyDirectoryClient } from "../signatures/fetch-key-directory.js";
import { identifyAgentClient } from "../identify-client.js";
import type { AgentTool } from "./agent-tool.js";
import { anonymousTools, keyNeeded, type AnonymousRun } from "./anonymous-tools.js";

export interface AgentMcp {
  services: Services;
  /** Tools offered only on the agent host. */
  tools: AgentTool[];
  /** The public tools of a session without a key, by name. */
  anonymous: Map<string, AnonymousRun>;
  /** Whether a request to this host (`ctx.host`) is one for the agent host. */
  serves(host: string): boolean;
  /** The client of a POST without a key, counted in the protocol allowance; throws 401 (bad signature) or 429. */
  admitAnonymous(ctx: Koa.Context): Promise<{ client: string; headers: Record<string, string> }>;
  /** Counts the tool calls among an anonymous POST's messages against the agent limit (429 past it). */
  chargeToolCalls(client: string, messages: JSONRPCMessage[]): Promise<Record<string, string>>;
  /** The tool error for an account tool called without a key. */
  keyNeeded(tool: string): ApiError;
  /** The MCP `instructions` of a session without a key: what works, and how to get a key for the rest. */
  anonymousInstructions(): string;
}

export function agentMcp(deps: { services: Services; dispatcher: Dispatcher; limiter: RateLimiter; protocolLimiter: RateLimiter; directories: KeyDirectoryClient; tools: AgentTool[] }): AgentMcp {
  const { config } = deps.services;
  const anonymous = anonymousTools(deps.services, deps.dispatcher);
  const withoutKey = [...anonymous.keys(), ...deps.tools.map((t) => t.name)];
  return {
    services: deps.services,
    tools: deps.tools,
    anonymous,
    serves(host) {
      const agentHost = separateAgentHost(config);
      return agentHost === null || host.toLowerCase() === agentHost;
    },
    async admitAnonymous(ctx) {
      const client = await identifyAgentClient(ctx, deps);
      return { client, headers: (await deps.protocolLimiter.consume(client)).headers };
    },
    async chargeToolCalls(client, messages) {
      let headers: Record<string, string> = {};
      for (const m of messages) if ("method" in m && m.method === "tools/call" && "id" in m) headers = (await deps.limiter.consume(client)).headers;
      return headers;
    },
    keyNeeded: (tool) => keyNeeded(tool, config, withoutKey),
    anonymousInstructions: () =>
      `This session has no Patchbay API key: ${withoutKey.join(", ")} work over the public catalog. The other tools act for an account ` +
      `and need a key: sign in at ${config.baseUrl}/developer, create one, and send it as \`Authorization: Bearer patchbay_sk_...\` (or use ${config.agentUrl}/mcp/k/<key>).`,
  };
}
