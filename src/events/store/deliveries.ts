/**
 * Delivery bookkeeping on the event rows. A worker claims an event by setting `lockedUntil` in one conditional
 * update (pending, due, no live lease), so two workers (processes or instances) never attempt the same event at
 * once; a worker that dies leaves a lease that simply expires, and the event is attempted again.
 */
import type { Db } from "../../db/client.js";
import { newId } from "../../crypto/random.js";

export interface DeliveryTarget {
  id: string;
  appId: string | null;
  webhookUrl: string | null;
  enabled: boolean;
  signingSecretSealed: string;
}

export type Claim =
  | { claimed: true; event: { id: string; type: string; payload: string; receivedAt: Date; attempts: number; priorAttempts: number }; trigger: DeliveryTarget }
  | { claimed: false; dueAt: Date | null };

/** Claims a pending, due, unlocked event until `leaseUntil`; else says when it is due (null: done, gone or held by another worker). */
export async function claimEvent(db: Db, id: string, now: Date, leaseUntil: Date): Promise<Claim> {
  const { count } = await db.event.updateMany({
    where: { id, deliveryStatus: "pending", nextAttemptAt: { lte: now }, OR: [{ lockedUntil: null }, { lockedUntil: { lte: now } }] },
    data: { lockedUntil: leaseUntil },
  });
  if (!count) {
    const row = await db.event.findUnique({ where: { id }, select: { deliveryStatus: true, nextAttemptAt: true } });
    return { claimed: false, dueAt: row?.deliveryStatus === "pending" && row.nextAttemptAt && row.nextAttemptAt > now ? row.nextAttemptAt : null };
  }
  // The trigger is read with the event at every attempt (not cached): its webhookUrl and `enabled` can change
  // (PATCH /triggers/{id}), on any instance.
  const row = await db.event.findUnique({
    where: { id },
    select: {
      id: true, type: true, payload: true, receivedAt: true, priorAttempts: true, _count: { select: { attempts: true } },
      trigger: { select: { id: true, appId: true, webhookUrl: true, enabled: true, signingSecretSealed: true } },
    },
  });
  if (!row) return { claimed: false, dueAt: null };
  return { claimed: true, event: { id: row.id, type: row.type, payload: row.payload, receivedAt: row.receivedAt, attempts: row._count.attempts, priorAttempts: row.priorAttempts }, trigger: row.trigger };
}

export interface AttemptRecord {
  number: number;
  at: Date;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** Records an attempt and the event's new state in one transaction, releasing the claim. */
export async function recordAttempt(db: Db, eventId: string, attempt: AttemptRecord, next: { status: "delivered" | "pending" | "failed"; nextAttemptAt: Date | null }) {
  await db.$transaction([
    db.deliveryAttempt.create({ data: { id: newId("att"), eventId, ...attempt } }),
    db.event.update({ where: { id: eventId }, data: { deliveryStatus: next.status, nextAttemptAt: next.nextAttemptAt, lockedUntil: null } }),
  ]);
}

/** Pending events due by `dueBy` and not held by a live claim, soonest first. */
export const dueEvents = (db: Db, now: Date, dueBy: Date, take: number) =>
  db.event.findMany({
    where: { deliveryStatus: "pending", nextAttemptAt: { lte: dueBy }, OR: [{ lockedUntil: null }, { lockedUntil: { lte: now } }] },
    orderBy: { nextAttemptAt: "asc" },
    take,
    select: { id: true, nextAttemptAt: true },
  });
