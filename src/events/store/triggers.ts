/**
 * Trigger records. Every query a caller can reach is scoped to the account, so no caller can touch another's triggers.
 * The token of a trigger's inbound URL is the credential of that URL: it is stored as a keyed fingerprint (the lookup
 * key of inbound requests) and sealed (to show the URL again in the list), never in clear.
 */
import type { Db } from "../../db/client.js";
import type { Secrets } from "../../crypto/secrets.js";
import { notFound } from "../../errors.js";
import { keyset, toPage } from "../../domain/pagination.js";

export type TriggerRow = NonNullable<Awaited<ReturnType<Db["trigger"]["findUnique"]>>>;

export interface NewTrigger {
  id: string;
  accountId: string;
  kind: "typed" | "webhook";
  typeId: string | null;
  appId: string | null;
  name: string;
  config: Record<string, unknown>;
  webhookUrl: string | null;
  inboundFingerprint: string | null;
  inboundTokenSealed: string | null;
  connectionId: string | null;
  signingSecretSealed: string;
  providerSecretSealed: string | null;
}

export const insertTrigger = (db: Db, t: NewTrigger) => db.trigger.create({ data: { ...t, config: JSON.stringify(t.config) } });

/** After creation: what the provider registration or the first poll gave. */
export const completeTrigger = (db: Db, id: string, data: { registration?: Record<string, unknown>; providerSecretSealed?: string; pollState?: string; nextPollAt?: Date }) =>
  db.trigger.update({ where: { id }, data: { ...data, registration: data.registration ? JSON.stringify(data.registration) : undefined } });

export async function listTriggers(db: Db, accountId: string, opts: { limit: number; cursor?: string }) {
  const { where, orderBy } = keyset(opts.cursor);
  const rows = await db.trigger.findMany({ where: { accountId, ...where }, orderBy, take: opts.limit + 1 });
  return toPage(rows, opts.limit);
}

export async function findTrigger(db: Db, accountId: string, id: string): Promise<TriggerRow> {
  const row = await db.trigger.findFirst({ where: { id, accountId } });
  if (!row) throw notFound("trigger", id);
  return row;
}

export async function removeTrigger(db: Db, accountId: string, id: string): Promise<void> {
  const { count } = await db.trigger.deleteMany({ where: { id, accountId } });
  if (!count) throw notFound("trigger", id);
}

/** How an inbound token is stored: its fingerprint and a sealed copy. */
export const protectInboundToken = (secrets: Secrets, token: string) => ({ inboundFingerprint: secrets.fingerprint(token), inboundTokenSealed: secrets.seal(token) });

/** The trigger behind an inbound URL (not account-scoped: the token in the URL is the credential). */
export const triggerByInboundToken = (db: Db, secrets: Secrets, token: string) => db.trigger.findUnique({ where: { inboundFingerprint: secrets.fingerprint(token) } });

export const inboundUrlOf = (baseUrl: string, token: string) => `${baseUrl}/hooks/${token}`;

/**
 * Triggers made before fingerprints hold their inbound token in clear: fingerprint and seal it, then clear it.
 * Run at start-up; returns how many rows changed.
 */
export async function protectLegacyInboundTokens(db: Db, secrets: Secrets): Promise<number> {
  const rows = await db.trigger.findMany({ where: { inboundToken: { not: null } }, select: { id: true, inboundToken: true } });
  for (const row of rows) await db.trigger.update({ where: { id: row.id }, data: { ...protectInboundToken(secrets, row.inboundToken!), inboundToken: null } });
  return rows.length;
}

export const triggerView = (t: TriggerRow, services: { config: { baseUrl: string }; secrets: Secrets }) => ({
  id: t.id,
  kind: t.kind as "typed" | "webhook",
  type: t.typeId,
  app: t.appId,
  name: t.name,
  config: JSON.parse(t.config) as Record<string, unknown>,
  webhookUrl: t.webhookUrl,
  inboundUrl: t.inboundTokenSealed ? inboundUrlOf(services.config.baseUrl, services.secrets.open(t.inboundTokenSealed)) : null,
  connection: t.connectionId,
  status: t.status as "active" | "failed",
  enabled: t.enabled,
  createdAt: t.createdAt.toISOString(),
});
