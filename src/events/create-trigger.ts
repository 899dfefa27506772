/**
 * Creating a trigger. A typed trigger's config is checked against its type, its connection picked, and then it is
 * stored and set up: a webhook type registers with the provider (GitHub hook, Stripe endpoint), a polling type makes
 * its first read. If set-up fails, nothing stays behind. A generic trigger only needs an inbound URL.
 * The signing secret of deliveries is returned once, and kept sealed. The inbound URL's token is kept as a fingerprint
 * (to find the trigger) and sealed (to list the URL again).
 */
import type { Services } from "../services.js";
import { ApiError } from "../errors.js";
import { base62, newId } from "../crypto/random.js";
import { effectiveApp } from "../domain/app-settings.js";
import { useConnection } from "../connect/use-connection.js";
import { checkOutboundUrl } from "../net/check-url.js";
import { findTriggerType } from "./types/index.js";
import type { TriggerType } from "./types/trigger-type.js";
import { validateConfig } from "./validate-config.js";
import { completeTrigger, inboundUrlOf, insertTrigger, protectInboundToken, triggerView, type NewTrigger } from "./store/triggers.js";
import { firstPoll } from "./polling/poll-trigger.js";

export interface TypedTriggerInput {
  type: string;
  config?: Record<string, unknown>;
  webhookUrl: string;
  connection?: string;
}

export interface WebhookTriggerInput {
  name: string;
  webhookUrl?: string;
}

const newSigningSecret = () => `whsec_${base62(40)}`;

export async function createWebhookTrigger(services: Services, accountId: string, input: WebhookTriggerInput) {
  if (input.webhookUrl !== undefined) await checkOutboundUrl("webhookUrl", input.webhookUrl, services.config.allowPrivateNetwork);
  const { row, signingSecret } = await store(services, {
    accountId, kind: "webhook", typeId: null, appId: null, name: input.name, config: {}, webhookUrl: input.webhookUrl ?? null, inboundToken: base62(32), connectionId: null, providerSecretSealed: null,
  });
  return { trigger: triggerView(row, services), signingSecret };
}

export async function createTypedTrigger(services: Services, accountId: string, input: TypedTriggerInput) {
  const type = findTriggerType(services.catalog, input.type);
  if (!type) throw new ApiError("not_found", `No trigger type '${input.type}'. The types of an app: GET /api/v1/triggers/types?app=<app>.`);
  const config = input.config ?? {};
  validateConfig(type, config);
  await checkOutboundUrl("webhookUrl", input.webhookUrl, services.config.allowPrivateNetwork);
  const connectionId = await connectionFor(services, accountId, type, input.connection);
  // A secret the user gives in config (Slack's signing secret) is sealed apart and never shown again.
  const secretField = type.delivery === "webhook" ? type.provider.secretField : undefined;
  const givenSecret = secretField ? config[secretField] : undefined;
  const shownConfig = Object.fromEntries(Object.entries(config).filter(([key]) => key !== secretField));
  const created = await store(services, {
    accountId,
    kind: "typed",
    typeId: type.id,
    appId: type.app,
    name: nameOf(type, shownConfig),
    config: shownConfig,
    webhookUrl: input.webhookUrl,
    inboundToken: type.delivery === "webhook" ? base62(32) : null,
    connectionId,
    providerSecretSealed: typeof givenSecret === "string" ? services.secrets.seal(givenSecret) : null,
  });
  try {
    const done = await setUp(services, type, created.row, created.inboundToken, config);
    return { trigger: triggerView(done ?? created.row, services), signingSecret: created.signingSecret };
  } catch (err) {
    await services.db.trigger.delete({ where: { id: created.row.id } }).catch(() => {});
    throw err;
  }
}

async function setUp(services: Services, type: TriggerType, row: Awaited<ReturnType<typeof insertTrigger>>, inboundToken: string | null, config: Record<string, unknown>) {
  if (type.delivery === "polling") return completeTrigger(services.db, row.id, await firstPoll(services, row, type, config));
  if (!type.provider.register) return null;
  const { registration, secret } = await type.provider.register({
    services, accountId: row.accountId, connectionId: row.connectionId, triggerId: row.id, type, config, inboundUrl: inboundUrlOf(services.config.baseUrl, inboundToken!),
  });
  return completeTrigger(services.db, row.id, { registration, providerSecretSealed: services.secrets.seal(secret) });
}

/** The connection a typed trigger watches through: the one named, else the newest active one (when the type needs one). */
async function connectionFor(services: Services, accountId: string, type: TriggerType, named: string | undefined): Promise<string | null> {
  const needed = type.delivery === "polling" || type.provider.needsConnection;
  if (!needed && !named) return null;
  const app = services.catalog.getApp(type.app);
  if (!app) throw new ApiError("not_found", `No app '${type.app}' in the catalog.`);
  return (await useConnection(services, accountId, await effectiveApp(services.db, services.secrets, app), named)).id;
}

/** "New push (octocat/hello-world)": the type's name and the config's short text values. */
function nameOf(type: TriggerType, config: Record<string, unknown>): string {
  const parts = Object.values(config).filter((v): v is string => typeof v === "string" && v.length <= 60).slice(0, 3);
  return parts.length ? `${type.name} (${parts.join("/")})` : type.name;
}

type TriggerToStore = Omit<NewTrigger, "id" | "signingSecretSealed" | "inboundFingerprint" | "inboundTokenSealed"> & { inboundToken: string | null };

async function store(services: Services, { inboundToken, ...t }: TriggerToStore) {
  const signingSecret = newSigningSecret();
  const inbound = inboundToken ? protectInboundToken(services.secrets, inboundToken) : { inboundFingerprint: null, inboundTokenSealed: null };
  const row = await insertTrigger(services.db, { ...t, ...inbound, id: newId("trg"), signingSecretSealed: services.secrets.seal(signingSecret) });
  return { row, signingSecret, inboundToken };
}
