/**
 * Slack (Events API): Slack sends the events of a Slack app to one Request URL, signed with that app's signing secret.
 * Slack offers no API to subscribe, so the trigger's `inboundUrl` is pasted as the app's Request URL and the app's
 * signing secret is given in `config.signingSecret` (sealed, never shown again). Checked with `X-Slack-Signature`
 * (`v0=` + HMAC-SHA256 of `v0:<timestamp>:<body>`) and `X-Slack-Request-Timestamp` (at most 5 minutes old).
 */
import { badSignature, checkTimestamp, headerOf, hmacHex } from "../signature.js";
import { safeEqual } from "../../crypto/secrets.js";
import type { WebhookProvider, WebhookType } from "../types/trigger-type.js";
import { eventOf, ignored } from "./received.js";
import { parseJsonBody } from "./parse-json.js";

export const slackProvider: WebhookProvider = {
  app: "slack",
  needsConnection: false,
  secretField: "signingSecret",

  receive(req, type, secret, config) {
    const timestamp = checkTimestamp("Slack", headerOf(req.headers, "x-slack-request-timestamp"));
    const signature = headerOf(req.headers, "x-slack-signature");
    if (!signature) throw badSignature("Slack", "X-Slack-Signature is missing");
    if (!safeEqual(`v0=${hmacHex(secret, `v0:${timestamp}:`, req.rawBody)}`, signature)) throw badSignature("Slack", "X-Slack-Signature does not match the body");
    const body = parseJsonBody("Slack", req.rawBody);
    if (body.type === "url_verification") return { kind: "reply", status: 200, body: { challenge: body.challenge } };
    const event = (body.event ?? {}) as Record<string, unknown>;
    if (body.type !== "event_callback" || event.type !== type.event) return ignored(`${String(body.type)}/${String(event.type)} is not a ${type.event} event`);
    if (event.subtype) return ignored(`message subtype ${String(event.subtype)}`);
    if (config.channel && event.channel !== config.channel) return ignored(`channel ${String(event.channel)} is not ${String(config.channel)}`);
    return eventOf(body);
  },
};

export const slackTypes: WebhookType[] = [
  {
    id: "slack.message.posted",
    app: "slack",
    name: "New message",
    description: "A message is posted in a channel the Slack app is in (Events API `message`; edits, joins and other subtypes are left out).",
    delivery: "webhook",
    event: "message",
    provider: slackProvider,
    configSchema: {
      type: "object",
      properties: {
        signingSecret: { type: "string", minLength: 8, maxLength: 200, writeOnly: true, description: "The Slack app's Signing Secret (Basic Information → App Credentials). Stored encrypted, never shown again." },
        channel: { type: "string", minLength: 1, maxLength: 50, description: "Only messages in this channel id, e.g. `C0123456789`." },
      },
      required: ["signingSecret"],
      additionalProperties: false,
    },
    examplePayload: {
      token: "(deprecated verification token)",
      team_id: "T0123456789",
      api_app_id: "A0123456789",
      type: "event_callback",
      event_id: "Ev0123456789",
      event_time: 1776182400,
      event: { type: "message", channel: "C0123456789", user: "U0123456789", text: "Deploy finished", ts: "1776182400.000100", channel_type: "channel" },
    },
  },
];
