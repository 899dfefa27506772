/**
 * Sending a stored event again, to its trigger's current webhookUrl: a fresh round of up to MAX_ATTEMPTS attempts.
 * The attempt numbers go on from the event's last one (a failed event's redelivery makes attempts 4, 5, 6), so its
 * history stays whole and `x-patchbay-attempt` never repeats; `priorAttempts` marks where the round began. The event
 * is made due now and handed to the delivery queue (embedded or BullMQ); if that hand-off fails, the sweep finds it.
 */
import type { Services } from "../services.js";
import { ApiError, notFound } from "../errors.js";
import { eventView } from "./store/events.js";

export async function redeliverEvent(services: Services, accountId: string, id: string) {
  const { db } = services;
  const event = await db.event.findFirst({ where: { id, trigger: { accountId } }, select: { id: true, trigger: { select: { webhookUrl: true, enabled: true } } } });
  if (!event) throw notFound("event", id);
  if (!event.trigger.webhookUrl) throw new ApiError("conflict", "The trigger has no webhookUrl to deliver to: set one with PATCH /api/v1/triggers/{id}.");
  if (!event.trigger.enabled) throw new ApiError("conflict", "The trigger is paused: resume it with PATCH /api/v1/triggers/{id} {\"enabled\":true} first.");
  const now = new Date();
  const queued = await db.$transaction(async (tx) => {
    const priorAttempts = await tx.deliveryAttempt.count({ where: { eventId: id } });
    // Not while a round is under way: a pending event is already going to be attempted.
    const { count } = await tx.event.updateMany({ where: { id, deliveryStatus: { not: "pending" } }, data: { deliveryStatus: "pending", nextAttemptAt: now, lockedUntil: null, priorAttempts } });
    return count > 0;
  });
  if (!queued) throw new ApiError("conflict", "The event is already waiting for a delivery attempt.");
  await services.deliveries?.schedule(id, now).catch((err) => services.log.warn({ err, event: id }, "could not queue a redelivery; the sweep will"));
  const row = await db.event.findUniqueOrThrow({ where: { id }, include: { attempts: { orderBy: { number: "asc" } } } });
  return eventView(row);
}
