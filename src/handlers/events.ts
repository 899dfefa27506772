import type { Handler } from "../dispatch/types.js";
import { findTrigger } from "../events/store/triggers.js";
import { EVENTS_KEPT, eventView, recentEvents } from "../events/store/events.js";
import { redeliverEvent as redeliver } from "../events/redeliver-event.js";
import { callerOf } from "./caller-of.js";

/** GET /events?trigger=: the trigger's last 50 events, newest first, each with its delivery attempts. */
export const listEvents: Handler<"listEvents"> = async ({ query }, ctx) => {
  const trigger = await findTrigger(ctx.services.db, callerOf(ctx).accountId, query.trigger);
  const events = await recentEvents(ctx.services.db, trigger.id, Math.min(query.limit ?? EVENTS_KEPT, EVENTS_KEPT));
  return events.map(eventView);
};

/** POST /events/{id}/redeliver: a new round of attempts to the trigger's current webhookUrl (202: queued). */
export const redeliverEvent: Handler<"redeliverEvent"> = async ({ path }, ctx) => redeliver(ctx.services, callerOf(ctx).accountId, path.id);
