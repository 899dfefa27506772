/**
 * One poll of a polling trigger: list the items, keep those whose ids were never seen, and store them as events
 * together with the new memory of ids, in one transaction that only commits if no other poll changed that memory
 * meanwhile. So an item is reported once and only once, whatever the number of instances.
 */
import type { Services } from "../../services.js";
import { ApiError } from "../../errors.js";
import type { TriggerRow } from "../store/triggers.js";
import { storeEvents, type StoredEvent } from "../store/events.js";
import { findTriggerType } from "../types/index.js";
import type { PollingType } from "../types/trigger-type.js";
import { listItems } from "./list-items.js";
import { diffItems, readPollState } from "./poll-state.js";

/** Errors that no later poll will get past: the trigger is marked failed and stops polling. */
const STOPPING = new Set(["app_not_connected", "connection_needs_reconnect", "not_found"]);

export async function pollTrigger(services: Services, trigger: TriggerRow): Promise<StoredEvent[]> {
  const { db } = services;
  const type = trigger.typeId ? findTriggerType(services.catalog, trigger.typeId) : undefined;
  if (type?.delivery !== "polling") return stopPolling(services, trigger, `trigger type ${trigger.typeId} is no longer in the catalog`);
  let items;
  try {
    items = await listItems(services, trigger, type.tool, JSON.parse(trigger.config));
  } catch (err) {
    if (err instanceof ApiError && STOPPING.has(err.code)) return stopPolling(services, trigger, err.message);
    throw err;
  }
  const { fresh, state } = diffItems(readPollState(trigger.pollState), items);
  return db.$transaction(async (tx) => {
    const { count } = await tx.trigger.updateMany({ where: { id: trigger.id, pollState: trigger.pollState }, data: { pollState: JSON.stringify(state) } });
    return count ? storeEvents(tx, trigger, type.id, fresh.map((f) => f.item)) : [];
  });
}

/** The first read, when the trigger is created: what exists now is remembered, not reported. */
export async function firstPoll(services: Services, trigger: { accountId: string; connectionId: string | null }, type: PollingType, config: Record<string, unknown>) {
  const items = await listItems(services, trigger, type.tool, config);
  return { pollState: JSON.stringify(diffItems({ seen: [] }, items).state), nextPollAt: new Date(Date.now() + services.config.pollIntervalMs) };
}

async function stopPolling(services: Services, trigger: TriggerRow, why: string): Promise<StoredEvent[]> {
  await services.db.trigger.update({ where: { id: trigger.id }, data: { status: "failed", nextPollAt: null } });
  services.log.warn({ trigger: trigger.id, why }, "polling trigger stopped");
  return [];
}
