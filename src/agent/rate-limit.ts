/**
 * The agent endpoints' limit: N requests per second per client (one by default), counted in process, or in Redis
 * when REDIS_URL is set so that every instance shares one budget; the same limiter as the API's, with its window.
 */
import type { Redis } from "ioredis";
import { createWindowLimiter, type RateLimiter } from "../gate/rate-limit.js";

export function createAgentLimiter(opts: { perSecond: number; redis: Redis | null; prefix: string; onStoreError?: (err: unknown) => void }): RateLimiter {
  return createWindowLimiter({
    points: opts.perSecond,
    windowSeconds: 1,
    redis: opts.redis,
    prefix: opts.prefix,
    refusal: (wait) => `The agent endpoints take ${opts.perSecond} request${opts.perSecond === 1 ? "" : "s"} per second per client; retry in ${wait} s.`,
    onStoreError: opts.onStoreError,
  });
}
