/**
 * Requests per minute per key (or per client address for unauthenticated calls). In-process counters by default;
 * with REDIS_URL, counters live in Redis so that every instance shares one budget. While Redis does not answer,
 * each instance counts on its own in memory (degraded, but every endpoint keeps working): `onStoreError` hears
 * of it, and the shared counters are used again as soon as Redis answers.
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

/** N requests per window per subject, in process or in Redis (with the in-process fallback above). */
export function createWindowLimiter(opts: {
  points: number;
  windowSeconds: number;
  redis: Redis | null;
  prefix: string;
  /** The 429 message, given the seconds to wait. */
  refusal: (retryInSeconds: string) => string;
  onStoreError?: (err: unknown) => void;
}): RateLimiter {
  const options = { points: opts.points, duration: opts.windowSeconds, keyPrefix: opts.prefix };
  const memory = new RateLimiterMemory(options);
  const shared: RateLimiterAbstract | null = opts.redis ? new RateLimiterRedis({ ...options, storeClient: opts.redis, rejectIfRedisNotReady: true }) : null;
  const headersOf = (res: RateLimiterRes) => ({
    "RateLimit-Limit": String(opts.points),
    "RateLimit-Remaining": String(Math.max(0, res.remainingPoints)),
    "RateLimit-Reset": String(Math.max(1, Math.ceil(res.msBeforeNext / 1000))),
  });
  const count = !shared ? (subject: string) => memory.consume(subject) : async (subject: string) => {
    try {
      return await shared.consume(subject);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw err;
      opts.onStoreError?.(err);
      return memory.consume(subject);
    }
  };
  return {
    async consume(subject) {
      try {
        return { headers: headersOf(await count(subject)) };
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        const headers = headersOf(err);
        throw new ApiError("rate_limited", opts.refusal(headers["RateLimit-Reset"]), { headers: { ...headers, "Retry-After": headers["RateLimit-Reset"] } });
      }
    },
  };
}

/** The API's limit: requests per minute per key (or per client address). */
export function createRateLimiter(opts: { perMinute: number; redis: Redis | null; prefix?: string; onStoreError?: (err: unknown) => void }): RateLimiter {
  return createWindowLimiter({
    points: opts.perMinute,
    windowSeconds: 60,
    redis: opts.redis,
    prefix: opts.prefix ?? "patchbay:rl",
    refusal: (wait) => `Rate limit of ${opts.perMinute} requests per minute exceeded; retry in ${wait} s.`,
    onStoreError: opts.onStoreError,
  });
}
