/**
 * The agent endpoints' limit: N requests per second per client (one by default), counted in process, or in Redis
 * when REDIS_URL is set so that every instance shares one budget; the same limiter as the API's, with its window.
 */
import type { Redis } from "ioredis";
import { createWindowLimiter, type RateLimiter } from "../gate/rate-limit.js";

interface LimiterOptions {
  perSecond: number;
  redis: Redis | null;
  prefix: string;
  onStoreError?: (err: unknown) => void;
}

const perSecond = (n: number) => `${n} request${n === 1 ? "" : "s"} per second per client`;

export function createAgentLimiter(opts: LimiterOptions): RateLimiter {
  return createWindowLimiter({
    points: opts.perSecond,
    windowSeconds: 1,
    redis: opts.redis,
    prefix: opts.prefix,
    refusal: (wait) => `The agent endpoints take ${perSecond(opts.perSecond)}; retry in ${wait} s.`,
    onStoreError: opts.onStoreError,
  });
}

/**
 * An MCP client sends protocol messages (initialize, the initialized notification, tools/list, ping) back to back
 * before its first tool call, which one request per second would refuse: an anonymous MCP session counts each POST
 * here, at this many times the agent rate, and each tool call against the agent limit itself (agent-mcp.ts).
 */
export const MCP_PROTOCOL_FACTOR = 10;

export function createMcpProtocolLimiter(opts: LimiterOptions): RateLimiter {
  const points = opts.perSecond * MCP_PROTOCOL_FACTOR;
  return createWindowLimiter({
    points,
    windowSeconds: 1,
    redis: opts.redis,
    prefix: opts.prefix,
    refusal: (wait) => `An MCP session without a key takes ${perSecond(points)} (tool calls: ${perSecond(opts.perSecond)}); retry in ${wait} s.`,
    onStoreError: opts.onStoreError,
  });
}
