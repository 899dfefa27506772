/**
 * Every Redis connection of the process (rate limits, the delivery queue), made in one place so that none is left
 * without an 'error' listener: ioredis prints a multi-line "Unhandled error event" to stderr otherwise, on every
 * reconnect attempt. Errors go through the JSON log, one warning per outage (naming REDIS_URL) and one line when
 * Redis is back; what the service does meanwhile (degraded mode) is up to each user of a client.
 */
import { Redis, type RedisOptions } from "ioredis";
import type { Logger } from "pino";
import { redactUrl } from "../config.js";
import { settlesWithin } from "../lifecycle/stop-in-order.js";

export interface RedisClients {
  /** A new client for `purpose` (`rate limits`, `delivery queue`, ...). */
  open(purpose: string, options?: RedisOptions): Redis;
  /** Reports an error seen on a connection made elsewhere (BullMQ's own copies of its connections). */
  failed(purpose: string, err: unknown): void;
  /** False from the first connection error until a client is ready again. */
  readonly reachable: boolean;
  /** Whether every client is connected and Redis answers a PING within `ms`. */
  ping(ms: number): Promise<boolean>;
  /** QUIT every client, then disconnects those that did not finish within `ms`. False when some had to be cut. */
  close(ms: number): Promise<boolean>;
}

export function redisClients(url: string, log: Logger): RedisClients {
  const clients = new Set<Redis>();
  const where = redactUrl(url);
  let down = false;

  const failed = (purpose: string, err: unknown) => {
    const { message, code } = (err ?? {}) as { message?: string; code?: string };
    if (down) return void log.debug({ redis: where, purpose, error: message, code }, "Redis still not reachable");
    down = true;
    log.warn(
      { redis: where, purpose, error: message, code },
      `Redis at REDIS_URL (${where}) is not reachable: rate limits fall back to in-process counters per instance and event deliveries wait (the events stay stored) until it is back`,
    );
  };
  const back = () => {
    if (!down) return;
    down = false;
    log.info({ redis: where }, `Redis at REDIS_URL (${where}) is reachable again: rate limits are shared again and deliveries resume`);
  };

  const api: RedisClients = {
    open(purpose, options = {}) {
      const client = new Redis(url, options);
      client.on("error", (err) => failed(purpose, err));
      client.on("ready", back);
      clients.add(client);
      return client;
    },
    failed,
    get reachable() {
      return !down;
    },
    async ping(ms) {
      const all = [...clients];
      if (!all.length || all.some((c) => c.status !== "ready")) return false;
      const client = all[0]!;
      let answered = false;
      await settlesWithin(client.ping().then(() => void (answered = true), () => {}), ms);
      return answered;
    },
    async close(ms) {
      const all = [...clients];
      const quit = await settlesWithin(Promise.allSettled(all.map((c) => (c.status === "ready" ? c.quit() : Promise.resolve(c.disconnect())))), ms);
      for (const c of all) c.disconnect();
      return quit;
    },
  };
  return api;
}
