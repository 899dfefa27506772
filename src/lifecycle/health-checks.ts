/**
 * What GET /healthz asks of the dependencies, each within a short limit so that a silent dependency makes the
 * answer say so instead of holding it: the database must answer (else 503), Redis may be down (degraded mode).
 */
import type { Db } from "../db/client.js";
import type { RedisClients } from "../redis/redis-clients.js";
import { settlesWithin } from "./stop-in-order.js";

export type RedisHealth = "ok" | "unavailable" | "not_configured";

export interface HealthChecks {
  /** Whether the database answers `SELECT 1` now. */
  database(): Promise<boolean>;
  redis(): Promise<RedisHealth>;
}

const CHECK_MS = 1500;

export function healthChecks(db: Db, redis: RedisClients | null): HealthChecks {
  return {
    async database() {
      let answered = false;
      await settlesWithin(db.$queryRawUnsafe("SELECT 1").then(() => void (answered = true), () => {}), CHECK_MS);
      return answered;
    },
    async redis() {
      if (!redis) return "not_configured";
      return (await redis.ping(CHECK_MS)) ? "ok" : "unavailable";
    },
  };
}
