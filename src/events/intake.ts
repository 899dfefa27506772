/**
 * What follows the storing of events (by an inbound request or a poll): each pending event goes to the delivery
 * queue, without holding up the sender; and the trigger's log is pruned to its newest 50, at most once a second per
 * trigger (batched, so a burst of events costs one prune, not one each).
 */
import type { Services } from "../services.js";
import type { DeliveryQueue } from "./delivery/delivery-queue.js";
import { pruneEvents, type StoredEvent } from "./store/events.js";

const PRUNE_INTERVAL_MS = 1000;

export interface Intake {
  stored(triggerId: string, events: StoredEvent[]): void;
  stop(): Promise<void>;
}

export function createIntake(services: Services, queue: DeliveryQueue): Intake {
  const toPrune = new Set<string>();
  const prune = async () => {
    const ids = [...toPrune];
    toPrune.clear();
    for (const id of ids) await pruneEvents(services.db, id).catch((err) => services.log.warn({ err, trigger: id }, "pruning events failed"));
  };
  const timer = setInterval(() => void prune(), PRUNE_INTERVAL_MS).unref();
  return {
    stored(triggerId, events) {
      if (events.length) toPrune.add(triggerId);
      for (const e of events) {
        // Not awaited: the event is stored, so a queue that is slow or down only delays it (the sweep finds it).
        if (e.nextAttemptAt) queue.schedule(e.id, e.nextAttemptAt).catch((err) => services.log.warn({ err, event: e.id }, "could not queue a delivery; the sweep will"));
      }
    },
    async stop() {
      clearInterval(timer);
      await prune();
    },
  };
}
