/**
 * An inbound request at a trigger's URL: find the trigger by the URL's token, check the request (a provider's
 * signature for typed triggers; the unguessable URL alone for generic ones), store the event, then hand it on for
 * delivery. The sender gets 202 once the event is stored, whatever happens to its delivery.
 */
import type { Services } from "../../services.js";
import { ApiError } from "../../errors.js";
import { storeEvents } from "../store/events.js";
import { triggerByInboundToken, type TriggerRow } from "../store/triggers.js";
import type { Intake } from "../intake.js";
import { findTriggerType } from "../types/index.js";
import type { InboundRequest, Received } from "../types/trigger-type.js";
import { genericPayload } from "./generic-payload.js";

export async function receiveInbound(services: Services, intake: Intake, token: string, req: InboundRequest): Promise<{ status: number; body: unknown }> {
  const trigger = await triggerByInboundToken(services.db, services.secrets, token);
  if (!trigger) throw new ApiError("not_found", "No trigger has this inbound URL (it may have been deleted).");
  const received = trigger.kind === "webhook" ? ({ kind: "event", payload: genericPayload(req) } as const) : receiveTyped(services, trigger, req);
  if (received.kind === "reply") return received;
  const events = await storeEvents(services.db, trigger, trigger.typeId ?? "webhook", [received.payload]);
  intake.stored(trigger.id, events);
  return { status: 202, body: { received: true, event: events[0]!.id } };
}

function receiveTyped(services: Services, trigger: TriggerRow, req: InboundRequest): Received {
  const type = trigger.typeId ? findTriggerType(services.catalog, trigger.typeId) : undefined;
  if (type?.delivery !== "webhook" || !trigger.providerSecretSealed) throw new ApiError("not_found", "This trigger does not receive webhooks.");
  return type.provider.receive(req, type, services.secrets.open(trigger.providerSecretSealed), JSON.parse(trigger.config));
}
