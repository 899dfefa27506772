import { createTrigger, deleteTrigger, listEvents, listTriggers, listTriggerTypes } from "../../../../generated/client/index.js";
import type { ApiEvent, ApiTrigger, CreateTriggerData, ListEventsData, ListTriggersData, ListTriggerTypesData } from "../../../../generated/client/index.js";
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
    delete: (id: string) => call(deleteTrigger({ ...settings, path: { id } })),
  };
}

export function eventsResource({ settings }: Context) {
  return {
    /** A trigger's last events (up to 50) with the outcome of each delivery. */
    list: (query: ListEventsData["query"]) => callPage<ApiEvent>(listEvents({ ...settings, query })),
  };
}
