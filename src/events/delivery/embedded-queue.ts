/**
 * The embedded delivery worker: in-process timers for the events this process stored or retried, and a sweep of
 * the database every second for any due event nobody holds (so deliveries survive a restart). At most
 * CONCURRENCY attempts run at once; the rest wait in order.
 */
import type { Services } from "../../services.js";
import { dueEvents } from "../store/deliveries.js";
import { deliverEvent } from "./deliver-event.js";
import { SWEEP_INTERVAL_MS, type DeliveryQueue } from "./delivery-queue.js";

const CONCURRENCY = 32;

export function embeddedQueue(services: Services): DeliveryQueue {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  const waiting = new Set<string>();
  let stopped = false;

  const work = (eventId: string) => {
    if (stopped || running.has(eventId)) return;
    if (running.size >= CONCURRENCY) return void waiting.add(eventId);
    const job = deliverEvent(services, eventId)
      .then((next) => void (next && schedule(eventId, next)))
      .catch((err) => services.log.error({ err, event: eventId }, "delivery failed on our side; the sweep retries it"))
      .finally(() => {
        running.delete(eventId);
        const [first] = waiting;
        if (first) {
          waiting.delete(first);
          work(first);
        }
      });
    running.set(eventId, job);
  };

  const schedule = (eventId: string, at: Date) => {
    if (stopped) return;
    clearTimeout(timers.get(eventId));
    const timer = setTimeout(() => {
      timers.delete(eventId);
      work(eventId);
    }, Math.max(0, at.getTime() - Date.now())).unref();
    timers.set(eventId, timer);
  };

  const sweep = async () => {
    if (stopped) return;
    const now = new Date();
    const due = await dueEvents(services.db, now, now, CONCURRENCY * 4).catch((err) => (services.log.warn({ err }, "delivery sweep failed"), []));
    for (const { id } of due) if (!timers.has(id) && !waiting.has(id)) work(id);
  };
  const sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
  void sweep();

  return {
    async schedule(eventId, at) {
      if (at.getTime() <= Date.now()) work(eventId);
      else schedule(eventId, at);
    },
    async stop() {
      stopped = true;
      clearInterval(sweeper);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      waiting.clear();
      await Promise.allSettled(running.values());
    },
  };
}
