/**
 * The events subsystem at run time: the delivery queue (embedded, or BullMQ when REDIS_URL is set), the intake that
 * hands stored events to it, and what feeds the intake: the poller and the inbound routes.
 */
import type Koa from "koa";
import type { Services } from "../services.js";
import type { RedisClients } from "../redis/redis-clients.js";
import { embeddedQueue } from "./delivery/embedded-queue.js";
import { bullmqQueue } from "./delivery/bullmq-queue.js";
import { startPoller } from "./polling/poller.js";
import { inboundRoutes } from "./inbound/routes.js";
import { createIntake } from "./intake.js";

export interface EventsRuntime {
  /** `POST /hooks/<token>`: mount before the JSON body parser. */
  inbound: Koa.Middleware;
  stop(): Promise<void>;
}

/** `redis`: deliveries go through BullMQ on it; null: the embedded queue. */
export async function startEvents(services: Services, redis: RedisClients | null): Promise<EventsRuntime> {
  const queue = redis ? await bullmqQueue(services, redis) : embeddedQueue(services);
  services.deliveries = queue;
  const intake = createIntake(services, queue);
  const poller = startPoller(services, intake);
  return {
    inbound: inboundRoutes(services, intake),
    async stop() {
      await poller.stop();
      await intake.stop();
      await queue.stop();
    },
  };
}
