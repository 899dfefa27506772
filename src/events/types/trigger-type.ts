/**
 * What a trigger type is: the public record of `GET /triggers/types` plus how Patchbay watches for it. A webhook type
 * belongs to a provider (GitHub, Slack, Stripe) that registers the webhook and checks what arrives; a polling type
 * lists an app's items through one of its catalog tools and reports the new ones by id.
 */
import type { CatalogTool } from "../../catalog/types.js";
import type { Services } from "../../services.js";

/** A type as `GET /triggers/types` shows it. */
export interface TriggerTypeRecord {
  id: string;
  app: string;
  name: string;
  description: string;
  delivery: "webhook" | "polling";
  configSchema: Record<string, unknown>;
  examplePayload: unknown;
}

export interface WebhookType extends TriggerTypeRecord {
  delivery: "webhook";
  /** The provider's own name of the event, e.g. `push`, `issues.opened`, `payment_intent.succeeded`. */
  event: string;
  provider: WebhookProvider;
}

export interface PollingType extends TriggerTypeRecord {
  delivery: "polling";
  /** The catalog tool that lists the items. */
  tool: CatalogTool;
}

export type TriggerType = WebhookType | PollingType;

/** A request that arrived at a trigger's inbound URL. */
export interface InboundRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/** What an inbound request amounts to: an event to store and deliver, or an answer of its own (a ping, a challenge, an event of another kind). */
export type Received = { kind: "event"; payload: unknown } | { kind: "reply"; status: number; body: unknown };

export interface RegisterInput {
  services: Services;
  accountId: string;
  connectionId: string | null;
  triggerId: string;
  type: WebhookType;
  config: Record<string, unknown>;
  /** Where the provider is to send its events. */
  inboundUrl: string;
}

export interface Registration {
  /** What to keep to remove the registration later (e.g. a hook id). */
  registration: Record<string, unknown>;
  /** The secret the provider signs its requests with (sealed at rest). */
  secret: string;
}

export interface WebhookProvider {
  app: string;
  /** Registration needs the account's connection to the app. */
  needsConnection: boolean;
  /** A config field holding a secret the user gives (Slack's signing secret): sealed at rest, never shown again. */
  secretField?: string;
  register?(input: RegisterInput): Promise<Registration>;
  remove?(input: Omit<RegisterInput, "inboundUrl" | "type" | "config"> & { registration: Record<string, unknown> }): Promise<void>;
  /** Checks the provider's signature (throwing ApiError unauthorized) and reads the request. */
  receive(req: InboundRequest, type: WebhookType, secret: string, config: Record<string, unknown>): Received;
}
