/**
 * Changing a trigger: where it delivers (checked like at creation), whether it is enabled, and a generic webhook's
 * name. A paused trigger keeps receiving: its events are stored as `skipped` (inbound webhooks still answer 2xx, so
 * providers do not retry or give up on the URL), its polls wait, and events still pending when it was paused are
 * skipped when their attempt comes. Resuming does not replay what was skipped: `POST /events/{id}/redeliver` does,
 * one event at a time. A new webhookUrl applies to every attempt from now on, including pending retries.
 */
import type { Services } from "../services.js";
import { invalid } from "../errors.js";
import { checkOutboundUrl } from "../net/check-url.js";
import { findTrigger, triggerView } from "./store/triggers.js";

export interface TriggerChanges {
  webhookUrl?: string;
  enabled?: boolean;
  name?: string;
}

export async function updateTrigger(services: Services, accountId: string, id: string, changes: TriggerChanges) {
  const trigger = await findTrigger(services.db, accountId, id);
  const { webhookUrl, enabled, name } = changes;
  if (webhookUrl === undefined && enabled === undefined && name === undefined) throw invalid("Nothing to change: give `webhookUrl`, `enabled` or `name`.");
  if (name !== undefined && trigger.kind !== "webhook") throw invalid("`name` can only be changed on generic webhook triggers; a typed trigger is named after its type and config.");
  if (webhookUrl !== undefined) await checkOutboundUrl("webhookUrl", webhookUrl, services.config.allowPrivateNetwork);
  const row = await services.db.trigger.update({ where: { id: trigger.id }, data: { webhookUrl, enabled, name } });
  return triggerView(row, services);
}
