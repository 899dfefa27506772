/**
 * Stopping a trigger: its registration at the provider is removed first (through the account's connection), then
 * the trigger and its events. When the connection is gone, the registration cannot be removed and the trigger goes
 * anyway (the provider's requests then find no trigger: 404); when the provider fails, nothing is deleted and the
 * caller can try again.
 */
import type { Services } from "../services.js";
import { ApiError } from "../errors.js";
import { findTriggerType } from "./types/index.js";
import { findTrigger, removeTrigger } from "./store/triggers.js";

const CONNECTION_GONE = new Set(["app_not_connected", "connection_needs_reconnect", "not_found"]);

export async function deleteTrigger(services: Services, accountId: string, id: string): Promise<void> {
  const trigger = await findTrigger(services.db, accountId, id);
  const type = trigger.typeId ? findTriggerType(services.catalog, trigger.typeId) : undefined;
  if (type?.delivery === "webhook" && type.provider.remove && trigger.registration) {
    try {
      await type.provider.remove({ services, accountId, connectionId: trigger.connectionId, triggerId: id, registration: JSON.parse(trigger.registration) });
    } catch (err) {
      if (!(err instanceof ApiError && CONNECTION_GONE.has(err.code))) throw err;
      services.log.warn({ trigger: id, why: err.message }, "trigger deleted without removing its provider registration");
    }
  }
  await removeTrigger(services.db, accountId, id);
}
