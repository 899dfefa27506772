import type { Handler } from "../dispatch/types.js";
import { paged } from "../dispatch/types.js";
import { triggerTypesOf, typeRecord } from "../events/types/index.js";
import { createTypedTrigger, createWebhookTrigger } from "../events/create-trigger.js";
import { deleteTrigger as remove } from "../events/delete-trigger.js";
import { updateTrigger as update } from "../events/update-trigger.js";
import { listTriggers as list, triggerView } from "../events/store/triggers.js";
import { appOrThrow } from "./apps.js";
import { callerOf } from "./caller-of.js";
import { invalid } from "../errors.js";

/** GET /triggers/types?app=: the app's webhook event types and its polling ("new item in …") types. */
export const listTriggerTypes: Handler<"listTriggerTypes"> = async ({ query }, ctx) => {
  const app = appOrThrow(ctx, query.app);
  return { triggers: triggerTypesOf(ctx.services.catalog, app.id).map(typeRecord) };
};

/** POST /triggers: a typed trigger (`type`, `config`, `webhookUrl`) or a generic inbound webhook (`source: "webhook"`). */
export const createTrigger: Handler<"createTrigger"> = async ({ body }, ctx) => {
  const accountId = callerOf(ctx).accountId;
  // Both shapes validate loosely against the contract's union, so the two keys are told apart here, never guessed.
  if ("type" in body && "source" in body) throw invalid('Give either `type` (a typed trigger) or `source: "webhook"` (a generic webhook), not both.');
  return "source" in body ? createWebhookTrigger(ctx.services, accountId, body) : createTypedTrigger(ctx.services, accountId, body);
};

/** GET /triggers: the account's triggers, newest first. */
export const listTriggers: Handler<"listTriggers"> = async ({ query }, ctx) => {
  const page = await list(ctx.services.db, callerOf(ctx).accountId, { limit: query?.limit ?? 50, cursor: query?.cursor });
  return paged({ items: page.items.map((t) => triggerView(t, ctx.services)), nextCursor: page.nextCursor });
};

/** PATCH /triggers/{id}: a new webhookUrl, pause or resume (`enabled`), or a generic webhook's new name. */
export const updateTrigger: Handler<"updateTrigger"> = async ({ path, body }, ctx) => update(ctx.services, callerOf(ctx).accountId, path.id, body);

/** DELETE /triggers/{id}: stop watching (the provider registration goes first). */
export const deleteTrigger: Handler<"deleteTrigger"> = async ({ path }, ctx) => {
  await remove(ctx.services, callerOf(ctx).accountId, path.id);
  return { id: path.id, deleted: true };
};
