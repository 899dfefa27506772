/**
 * The event log. An event is written before anything else happens to it (so a crash loses nothing), pending when its
 * trigger has a webhookUrl and is enabled, else skipped. Only the newest 50 events of a trigger are kept (see ../intake.ts); an
 * event still waiting for delivery is never pruned (it goes once it is delivered or has failed, at a later prune).
 */
import type { Db } from "../../db/client.js";
import { newId } from "../../crypto/random.js";

export const EVENTS_KEPT = 50;

export interface StoredEvent {
  id: string;
  deliveryStatus: string;
  nextAttemptAt: Date | null;
}

/** A payload that is already JSON text (a generic webhook's body): stored and delivered byte for byte (`1.50` stays `1.50`). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Events of a paused trigger (`enabled: false`) are kept too, as skipped. */
export async function storeEvents(db: Pick<Db, "event">, trigger: { id: string; webhookUrl: string | null; enabled: boolean }, type: string, payloads: unknown[]): Promise<StoredEvent[]> {
  const now = new Date();
  const deliver = Boolean(trigger.webhookUrl) && trigger.enabled;
  const rows = payloads.map((payload) => ({
    id: newId("evt"),
    triggerId: trigger.id,
    type,
    payload: payload instanceof JsonText ? payload.text : JSON.stringify(payload ?? null),
    receivedAt: now,
    deliveryStatus: deliver ? "pending" : "skipped",
    nextAttemptAt: deliver ? now : null,
  }));
  if (rows.length === 1) await db.event.create({ data: rows[0]! });
  else if (rows.length) await db.event.createMany({ data: rows });
  return rows;
}

/** Deletes the trigger's events older than its newest 50, except those still pending. */
export async function pruneEvents(db: Pick<Db, "event">, triggerId: string): Promise<void> {
  const [edge] = await db.event.findMany({ where: { triggerId }, orderBy: [{ receivedAt: "desc" }, { id: "desc" }], skip: EVENTS_KEPT - 1, take: 1, select: { receivedAt: true, id: true } });
  if (!edge) return;
  await db.event.deleteMany({
    where: { triggerId, deliveryStatus: { not: "pending" }, OR: [{ receivedAt: { lt: edge.receivedAt } }, { receivedAt: edge.receivedAt, id: { lt: edge.id } }] },
  });
}

/** The newest events of a trigger (already checked to be the caller's), with their attempts. */
export const recentEvents = (db: Db, triggerId: string, limit: number) =>
  db.event.findMany({ where: { triggerId }, orderBy: [{ receivedAt: "desc" }, { id: "desc" }], take: limit, include: { attempts: { orderBy: { number: "asc" } } } });

type EventRow = Awaited<ReturnType<typeof recentEvents>>[number];

export const eventView = (e: EventRow) => ({
  id: e.id,
  trigger: e.triggerId,
  type: e.type,
  payload: JSON.parse(e.payload) as unknown,
  receivedAt: e.receivedAt.toISOString(),
  delivery: {
    status: e.deliveryStatus as "pending" | "delivered" | "failed" | "skipped",
    attempts: e.attempts.map((a) => ({ number: a.number, at: a.at.toISOString(), status: a.status, error: a.error, durationMs: a.durationMs })),
    nextAttemptAt: e.deliveryStatus === "pending" ? (e.nextAttemptAt?.toISOString() ?? null) : null,
  },
});
