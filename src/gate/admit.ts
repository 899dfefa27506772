/**
 * Authentication and rate limiting, applied once per HTTP request by every door (REST, MCP) before the dispatcher.
 * Keys are counted per key; calls without a (valid) key per client address. Rate-limit headers go on every answer.
 */
import type { Db } from "../db/client.js";
import type { Secrets } from "../crypto/secrets.js";
import { ApiError } from "../errors.js";
import { authenticate, bearerKeyOf } from "./authenticate.js";
import type { Caller } from "./caller.js";
import type { RateLimiter } from "./rate-limit.js";

export interface Admission {
  caller: Caller | null;
  /** RateLimit-* headers for the answer. */
  headers: Record<string, string>;
}

export interface Gate {
  /**
   * `key`: the key the request carries (header or, for MCP, path), undefined when none.
   * `needsKey`: whether the operation requires one. Throws 401 / 429 with the rate-limit headers attached.
   */
  admit(opts: { key: string | null; needsKey: boolean; client: string }): Promise<Admission>;
}

export function createGate(db: Db, secrets: Secrets, limiter: RateLimiter): Gate {
  return {
    async admit({ key, needsKey, client }) {
      let caller: Caller | null = null;
      let refusal: ApiError | null = null;
      if (needsKey) {
        try {
          caller = await authenticate(db, secrets, key);
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          refusal = err;
        }
      }
      const { headers } = await limiter.consume(caller ? `key:${caller.key.id}` : `ip:${client}`);
      if (refusal) throw new ApiError(refusal.code, refusal.message, { headers: { ...headers, ...refusal.headers } });
      return { caller, headers };
    },
  };
}

/** The key of a request's one Authorization header (null when absent; 400 when repeated, 401 when malformed). */
export const keyFromRequest = bearerKeyOf;
