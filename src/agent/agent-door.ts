/**
 * The agent host's door onto the one dispatcher. It takes the contract's agent operations
 * (`x-patchbay-rate-limit: agent`) and the public pages, on any host; and when PATCHBAY_AGENT_URL names another host
 * than PATCHBAY_BASE_URL, everything that host receives (the REST API is not served there: 404 naming the base URL).
 * Per request: Web Bot Auth (a signed request must verify: 401), then N requests per second per client (the
 * verified agent, else the address; 429; see identify-client.ts), then the REST door with that gate, or the page.
 * `POST /mcp` is the MCP door's (src/mcp/mcp-door.ts), which counts anonymous sessions with the same limiter.
 */
import type Koa from "koa";
import { separateAgentHost } from "../http/host-of.js";
import type { Backend } from "../contract/backend.js";
import type { Dispatcher } from "../dispatch/dispatcher.js";
import type { Gate } from "../gate/admit.js";
import type { RateLimiter } from "../gate/rate-limit.js";
import type { Services } from "../services.js";
import { ApiError } from "../errors.js";
import { restDoor } from "../http/rest-door.js";
import type { KeyDirectoryClient } from "./signatures/fetch-key-directory.js";
import { identifyAgentClient } from "./identify-client.js";
import { isPublicPagePath, servePage } from "./pages/serve-pages.js";

export interface AgentDoorDeps {
  services: Services;
  backend: Backend;
  dispatcher: Dispatcher;
  limiter: RateLimiter;
  directories: KeyDirectoryClient;
}

export function agentDoor(deps: AgentDoorDeps): Koa.Middleware {
  const { config } = deps.services;
  return async (ctx, next) => {
    const readOnly = ctx.method === "GET" || ctx.method === "HEAD";
    const operation = deps.backend.router.matchOperation({ method: ctx.method === "HEAD" ? "GET" : ctx.method, path: ctx.path, query: {}, headers: {} });
    const agentOperation = (operation as { "x-patchbay-rate-limit"?: string } | undefined)?.["x-patchbay-rate-limit"] === "agent";
    const page = readOnly && isPublicPagePath(ctx.path);
    if (!agentOperation && !page) {
      const agentHost = separateAgentHost(config);
      if (agentHost !== null && ctx.host === agentHost && ctx.path !== "/healthz") {
        throw new ApiError("not_found", `No endpoint ${ctx.method} ${ctx.path} on the agent host. The REST API is at ${config.baseUrl}/api/v1; agents start at ${config.agentUrl}/agent/site.json.`);
      }
      return next();
    }
    const client = await identifyAgentClient(ctx, deps);
    if (page) {
      ctx.set((await deps.limiter.consume(client)).headers);
      return servePage(ctx, deps.services);
    }
    const gate: Gate = { admit: async () => ({ caller: null, headers: (await deps.limiter.consume(client)).headers }) };
    const head = ctx.method === "HEAD";
    if (head) ctx.method = "GET"; // answered as GET; Koa sends no body for HEAD
    try {
      await restDoor(deps.backend, deps.dispatcher, gate)(ctx, next);
    } finally {
      if (head) ctx.method = "HEAD";
    }
  };
}
