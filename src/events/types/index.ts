/** Every trigger type: the curated webhook types of GitHub, Slack and Stripe, and the polling types of any catalog app. */
import type { Catalog } from "../../catalog/types.js";
import { githubTypes } from "../providers/github.js";
import { slackTypes } from "../providers/slack.js";
import { stripeTypes } from "../providers/stripe.js";
import { findPollingType, pollingTypesOf } from "./polling-types.js";
import type { TriggerType, TriggerTypeRecord, WebhookType } from "./trigger-type.js";

const WEBHOOK_TYPES: WebhookType[] = [...githubTypes, ...slackTypes, ...stripeTypes];
const byId = new Map(WEBHOOK_TYPES.map((t) => [t.id, t]));

export const typeRecord = ({ id, app, name, description, delivery, configSchema, examplePayload }: TriggerType): TriggerTypeRecord => ({ id, app, name, description, delivery, configSchema, examplePayload });

/** The types of an app: webhook types first, then polling types. */
export function triggerTypesOf(catalog: Catalog, app: string): TriggerType[] {
  return [...WEBHOOK_TYPES.filter((t) => t.app === app), ...pollingTypesOf(catalog, app)];
}

export function findTriggerType(catalog: Catalog, id: string): TriggerType | undefined {
  return byId.get(id) ?? findPollingType(catalog, id);
}
