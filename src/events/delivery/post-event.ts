/**
 * One delivery attempt: the event JSON, signed, POSTed to the trigger's webhookUrl through the outbound guard.
 * Any 2xx is a success; anything else (another status, a timeout, a connection error) is a failure to retry, except
 * an address the guard refuses, which no retry would change.
 */
import { sendOutbound, OutboundFailure } from "../../net/outbound-request.js";
import { signDelivery } from "../signature.js";

export interface DeliveryBody {
  id: string;
  type: string;
  trigger: string;
  app: string | null;
  receivedAt: Date;
  /** The payload as stored (JSON text), spliced in as is. */
  payloadJson: string;
}

export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
  retryAfter?: string;
  /** No point in trying again. */
  final: boolean;
  durationMs: number;
}

/** The delivered body: `{ id, type, trigger, app, receivedAt, payload }`, the same bytes at every attempt. */
export const deliveryBody = (e: DeliveryBody) =>
  `{"id":${JSON.stringify(e.id)},"type":${JSON.stringify(e.type)},"trigger":${JSON.stringify(e.trigger)},"app":${JSON.stringify(e.app)},"receivedAt":"${e.receivedAt.toISOString()}","payload":${e.payloadJson}}`;

/** `triggerId` is sent as `x-patchbay-trigger-id`, so that one receiver of several triggers can pick the right secret. */
export async function postEvent(opts: { url: string; signingSecret: string; body: string; eventId: string; triggerId: string; attempt: number; timeoutMs: number; allowPrivate: boolean }): Promise<AttemptOutcome> {
  const started = performance.now();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await sendOutbound({
      url: opts.url,
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Patchbay-Webhooks/1.0",
        "x-patchbay-event-id": opts.eventId,
        "x-patchbay-trigger-id": opts.triggerId,
        "x-patchbay-timestamp": timestamp,
        "x-patchbay-signature": signDelivery(opts.signingSecret, timestamp, opts.body),
        "x-patchbay-attempt": String(opts.attempt),
      },
      body: opts.body,
      timeoutMs: opts.timeoutMs,
      allowPrivate: opts.allowPrivate,
      maxBodyBytes: 0,
    });
    const ok = res.status >= 200 && res.status < 300;
    const retryAfter = typeof res.headers["retry-after"] === "string" ? res.headers["retry-after"] : undefined;
    // Only the status line is kept: the receiver's body never reaches the events log (it may be anything, from anywhere).
    const line = `HTTP ${res.status}${res.statusText ? ` ${res.statusText.replace(/[^\x20-\x7e]/g, "").slice(0, 60)}` : ""}`;
    const error = ok ? null : res.status >= 300 && res.status < 400 ? `${line}: redirects are not followed` : line;
    return { ok, status: res.status, error, retryAfter, final: false, durationMs: elapsed() };
  } catch (err) {
    if (!(err instanceof OutboundFailure)) throw err;
    return { ok: false, status: null, error: err.message, final: err.reason === "refused_address", durationMs: elapsed() };
  }
}
