/** The developer page's actions: create a key (one active key per project, as the service spec says) and revoke one. */
import type { Handler } from "../../dispatch/types.js";
import { Reply } from "../../dispatch/types.js";
import { callerOf } from "../../handlers/caller-of.js";
import { createKey, keyPermissions, listKeys, revokeKey } from "../../domain/keys.js";
import { ApiError, notFound } from "../../errors.js";

/** POST /developer/keys: a new key, shown once. 409 while the project has an active key. */
export const createWebKey: Handler<"createWebKey"> = async ({ body }, ctx) => {
  const { db, secrets } = ctx.services;
  const accountId = callerOf(ctx).accountId;
  const project = body.project.trim();
  const taken = (await listKeys(db, accountId)).find((k) => !k.revokedAt && k.project.toLowerCase() === project.toLowerCase());
  if (taken) throw new ApiError("conflict", `Project '${taken.project}' already has a key (${taken.preview}…). Each project has one key: revoke that one first, or choose another project name.`);
  const permissions = [body.permissions].flat();
  const { key, record } = await createKey(db, secrets, accountId, project, permissions);
  const apiKey = { id: record.id, project: record.project, permissions: keyPermissions(record), preview: record.preview, createdAt: record.createdAt.toISOString(), lastUsedAt: null };
  return new Reply({ key, apiKey }, { status: 201, headers: { "Cache-Control": "no-store" } });
};

/** POST /developer/keys/{id}/revoke: the key is refused from the next request on. */
export const revokeWebKey: Handler<"revokeWebKey"> = async ({ path }, ctx) => {
  const { db } = ctx.services;
  const own = (await listKeys(db, callerOf(ctx).accountId)).find((k) => k.id === path.id);
  if (!own) throw notFound("key", path.id);
  await revokeKey(db, own.id);
  return new Reply(undefined as never, { status: 303, headers: { Location: `/developer?revoked=${encodeURIComponent(own.id)}` } });
};
