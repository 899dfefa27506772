/**
 * The events subsystem at run time: the delivery queue (embedded, or BullMQ when REDIS_URL is set), the poller, and
 * the inbound routes that feed them.
 */
import type Koa from "koa";
import type { Services } from "../services.js";
import { embeddedQueue } from "./delivery/embedded-queue.js";
import { bullmqQueue } from "./delivery/bullmq-queue.js";
import { startPoller } from "./polling/poller.js";
import { inboundRoutes } from "./inbound/routes.js";

export interface EventsRuntime {
  /** `POST /hooks/<token>`: mount before the JSON body parser. */
  inbound: Koa.Middleware;
  stop(): Promise<void>;
}

export async function startEvents(services: Services): Promise<EventsRuntime> {
  const queue = services.config.redisUrl ? await bullmqQueue(services, services.config.redisUrl) : embeddedQueue(services);
  const poller = startPoller(services, queue);
  return {
    inbound: inboundRoutes(services, queue),
    async stop() {
      await poller.stop();
      await queue.stop();
    },
  };
}
