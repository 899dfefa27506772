import { createTrigger, deleteTrigger, listEvents, listTriggers, listTriggerTypes, redeliverEvent, updateTrigger } from "../../../../generated/client/index.js";
import type { ApiEvent, ApiTrigger, CreateTriggerData, ListEventsData, ListTriggersData, ListTriggerTypesData, UpdateTriggerData } from "../../../../generated/client/index.js";
import { call, callPage } from "../call.js";
import type { Context } from "./context.js";

export function triggersResource({ settings }: Context) {
  return {
    /** The event kinds an app can send: `{ triggers }`. */
    types: (query: ListTriggerTypesData["query"]) => call(listTriggerTypes({ ...settings, query })),
    /**
     * Watches an app (`{ type, webhookUrl, config? }`) or opens a generic inbound webhook
     * (`{ source: "webhook", name, webhookUrl? }`). Keep the answer's `signingSecret`: it is shown once.
     */
    create: (body: CreateTriggerData["body"]) => call(createTrigger({ ...settings, body })),
    /** The account's triggers; a `Page` (see `nextCursor`). */
    list: (query: ListTriggersData["query"] = {}) => callPage<ApiTrigger>(listTriggers({ ...settings, query })),
    /** Changes `webhookUrl`, pauses or resumes (`enabled`), or renames a generic webhook trigger; answers the trigger. */
    update: (id: string, body: UpdateTriggerData["body"]) => call(updateTrigger({ ...settings, path: { id }, body })),
    delete: (id: string) => call(deleteTrigger({ ...settings, path: { id } })),
  };
}

export function eventsResource({ settings }: Context) {
  return {
    /** A trigger's last events (up to 50) with the outcome of each delivery. */
    list: (query: ListEventsData["query"]) => callPage<ApiEvent>(listEvents({ ...settings, query })),
    /** Sends a stored event again to the trigger's current webhookUrl (a new round of up to 3 attempts); answers the event. */
    redeliver: (id: string) => call(redeliverEvent({ ...settings, path: { id } })),
  };
}
