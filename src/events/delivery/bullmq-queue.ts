/**
 * Deliveries through BullMQ on Redis (REDIS_URL): every instance adds jobs and works them, so any instance delivers.
 * A job only names an event; the database claim still decides who attempts it. Each instance also sweeps the
 * database for due events that have no job (stored just before a crash, or whose job was lost) and adds one.
 */
import type { Services } from "../../services.js";
import type { RedisClients } from "../../redis/redis-clients.js";
import { settlesWithin } from "../../lifecycle/stop-in-order.js";
import { dueEvents } from "../store/deliveries.js";
import { deliverEvent } from "./deliver-event.js";
import { SWEEP_INTERVAL_MS, type DeliveryQueue } from "./delivery-queue.js";

const QUEUE = "deliveries";
const CONCURRENCY = 32;
/** An event this late for its attempt has lost its job (jobs normally run on time): the sweep adds one. */
const OVERDUE_MS = 5000;
/** How long stopping waits for the worker's running jobs and Redis before cutting the connections. */
const CLOSE_MS = 2000;

export async function bullmqQueue(services: Services, redis: RedisClients): Promise<DeliveryQueue> {
  const { Queue, Worker } = await import("bullmq");
  const { config, log } = services;
  const prefix = `${config.redisPrefix}:bull`;
  const queueConnection = redis.open("delivery queue", { maxRetriesPerRequest: null });
  const workerConnection = redis.open("delivery worker", { maxRetriesPerRequest: null });
  const queue = new Queue<{ eventId: string }>(QUEUE, { connection: queueConnection, prefix, defaultJobOptions: { removeOnComplete: true, removeOnFail: true } });
  // Without a listener BullMQ prints connection errors with console.error: through the log instead, once per outage.
  queue.on("error", (err) => redis.failed("delivery queue", err));

  const add = (eventId: string, at: Date, jobId: string) => queue.add("deliver", { eventId }, { jobId, delay: Math.max(0, at.getTime() - Date.now()) }).then(() => undefined);
  const schedule = (eventId: string, at: Date) => add(eventId, at, `${eventId}.${at.getTime()}`);

  const worker = new Worker<{ eventId: string }>(
    QUEUE,
    async (job) => {
      const next = await deliverEvent(services, job.data.eventId);
      if (next) await schedule(job.data.eventId, next);
    },
    { connection: workerConnection, prefix, concurrency: CONCURRENCY, lockDuration: config.deliveryTimeoutMs + 30_000 },
  );
  worker.on("failed", (job, err) => log.error({ err, event: job?.data.eventId }, "delivery job failed on our side; the sweep retries it"));
  worker.on("error", (err) => redis.failed("delivery worker", err));

  let stopped = false;
  const sweep = async () => {
    if (stopped || !redis.reachable) return; // jobs added now would wait in memory; the sweep after the outage adds them
    const now = new Date();
    const window = Math.floor(now.getTime() / SWEEP_INTERVAL_MS);
    try {
      const due = await dueEvents(services.db, now, new Date(now.getTime() - OVERDUE_MS), CONCURRENCY * 4);
      // One job per event per sweep window, whichever instance sweeps first.
      await Promise.all(due.map(({ id }) => add(id, now, `${id}.sweep${window}`)));
    } catch (err) {
      log.warn({ err }, "delivery sweep failed");
    }
  };
  const sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS * 5).unref();
  void sweep();

  return {
    schedule,
    async stop() {
      stopped = true;
      clearInterval(sweeper);
      // With Redis gone, closing waits forever: give up after CLOSE_MS and cut the connections (jobs not finished are
      // retried by the sweep of any instance, since the database says the event is still due).
      const closed = await settlesWithin(Promise.all([worker.close(), queue.close()]), CLOSE_MS);
      queueConnection.disconnect();
      workerConnection.disconnect();
      if (!closed) {
        void worker.close(true).catch(() => {});
        throw new Error(`the delivery worker did not close within ${CLOSE_MS} ms (Redis not answering, or a delivery still running)`);
      }
    },
  };
}
