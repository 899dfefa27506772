/**
 * A test event, sent by hand (the activity page's button): stored in the trigger's log like any event, and its first
 * delivery attempted now rather than by the queue, so the sender sees the outcome at once. A failed attempt that may
 * be retried stays due, and the delivery workers' sweep retries it on the usual schedule.
 */
import type { Services } from "../services.js";
import { deliverEvent } from "./delivery/deliver-event.js";
import { pruneEvents, storeEvents } from "./store/events.js";
import { findTrigger } from "./store/triggers.js";

export const TEST_EVENT_TYPE = "patchbay.test";

export async function sendTestEvent(services: Services, accountId: string, triggerId: string): Promise<{ eventId: string; delivered: boolean | null }> {
  const trigger = await findTrigger(services.db, accountId, triggerId);
  const payload = { test: true, message: "A test event sent from Patchbay's activity page.", trigger: trigger.id, sentAt: new Date().toISOString() };
  const [event] = await storeEvents(services.db, trigger, TEST_EVENT_TYPE, [payload]);
  await pruneEvents(services.db, trigger.id);
  if (!trigger.webhookUrl || !trigger.enabled) return { eventId: event!.id, delivered: null };
  await deliverEvent(services, event!.id);
  const after = await services.db.event.findUnique({ where: { id: event!.id }, select: { deliveryStatus: true } });
  return { eventId: event!.id, delivered: after?.deliveryStatus === "delivered" };
}
