/**
 * Works one event: claim it, make the next attempt, record it, and say when the next one is due (null when the
 * event is done, or another worker holds it). The embedded worker and the BullMQ worker both call this; the claim
 * in the database is what keeps an event from being attempted twice at once.
 */
import type { Services } from "../../services.js";
import { claimEvent, recordAttempt } from "../store/deliveries.js";
import { deliveryBody, postEvent } from "./post-event.js";
import { MAX_ATTEMPTS, retryDelayMs } from "./retry-schedule.js";

/** How long a claim lasts beyond the attempt's own timeout: room to record the outcome. */
const LEASE_MARGIN_MS = 5000;

export async function deliverEvent(services: Services, eventId: string): Promise<Date | null> {
  const { db, config } = services;
  const now = new Date();
  const claim = await claimEvent(db, eventId, now, new Date(now.getTime() + config.deliveryTimeoutMs + LEASE_MARGIN_MS));
  if (!claim.claimed) return claim.dueAt;
  const { event, trigger } = claim;
  // Numbers go on across rounds (a redelivery's attempts follow the earlier ones); the limit is per round.
  const number = event.attempts + 1;
  const inRound = number - event.priorAttempts;
  if (!trigger.webhookUrl || !trigger.enabled || inRound > MAX_ATTEMPTS) {
    await db.event.update({ where: { id: event.id }, data: { deliveryStatus: trigger.webhookUrl && trigger.enabled ? "failed" : "skipped", nextAttemptAt: null, lockedUntil: null } });
    return null;
  }
  const at = new Date();
  const outcome = await postEvent({
    url: trigger.webhookUrl,
    signingSecret: services.secrets.open(trigger.signingSecretSealed),
    body: deliveryBody({ id: event.id, type: event.type, trigger: trigger.id, app: trigger.appId, receivedAt: event.receivedAt, payloadJson: event.payload }),
    eventId: event.id,
    triggerId: trigger.id,
    attempt: number,
    timeoutMs: config.deliveryTimeoutMs,
    allowPrivate: config.allowPrivateNetwork,
  });
  const delay = outcome.ok || outcome.final ? null : retryDelayMs(config.deliveryRetryDelays, inRound, outcome.retryAfter);
  const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay);
  const status = outcome.ok ? "delivered" : nextAttemptAt ? "pending" : "failed";
  try {
    await recordAttempt(db, event.id, { number, at, status: outcome.status, error: outcome.error, durationMs: outcome.durationMs }, { status, nextAttemptAt });
  } catch (err) {
    // The trigger (and its events) was deleted meanwhile: nothing left to record.
    if (await db.event.count({ where: { id: event.id } })) throw err;
    return null;
  }
  if (!outcome.ok) services.log.info({ event: event.id, trigger: trigger.id, attempt: number, status: outcome.status, error: outcome.error, next: nextAttemptAt }, "delivery attempt failed");
  return nextAttemptAt;
}
