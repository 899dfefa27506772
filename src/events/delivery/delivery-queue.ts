/** Where stored events wait for their next attempt: in-process over the database (embedded) or BullMQ (with REDIS_URL). */
export interface DeliveryQueue {
  /** Attempt the event at `at` (now or later). Safe to call twice: the claim in the database decides. */
  schedule(eventId: string, at: Date): Promise<void>;
  stop(): Promise<void>;
}

/** How often the database is swept for events nobody scheduled (after a restart, a crash, a lost job). */
export const SWEEP_INTERVAL_MS = 1000;
