/**
 * Requests per minute per key (or per client address for unauthenticated calls). In-process counters by default;
 * with REDIS_URL, counters live in Redis so that every instance shares one budget.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { ApiError } from "../errors.js";

export interface RateDecision {
  headers: Record<string, string>;
}

export interface RateLimiter {
  /** Counts one request for `subject`; throws 429 `rate_limited` (with headers) past the limit. */
  consume(subject: string): Promise<RateDecision>;
}

export function createRateLimiter(opts: { perMinute: number; redis: Redis | null; prefix?: string }): RateLimiter {
  const options = { points: opts.perMinute, duration: 60, keyPrefix: opts.prefix ?? "patchbay:rl" };
  const limiter: RateLimiterAbstract = opts.redis
    ? new RateLimiterRedis({ ...options, storeClient: opts.redis, rejectIfRedisNotReady: true })
    : new RateLimiterMemory(options);
  const headersOf = (res: RateLimiterRes) => ({
    "RateLimit-Limit": String(opts.perMinute),
    "RateLimit-Remaining": String(Math.max(0, res.remainingPoints)),
    "RateLimit-Reset": String(Math.max(1, Math.ceil(res.msBeforeNext / 1000))),
  });
  return {
    async consume(subject) {
      try {
        return { headers: headersOf(await limiter.consume(subject)) };
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) {
          throw new ApiError("service_unavailable", "The rate limiter's store (Redis) is not reachable; try again shortly.");
        }
        const headers = headersOf(err);
        throw new ApiError("rate_limited", `Rate limit of ${opts.perMinute} requests per minute exceeded; retry in ${headers["RateLimit-Reset"]} s.`, {
          headers: { ...headers, "Retry-After": headers["RateLimit-Reset"] },
        });
      }
    },
  };
}
