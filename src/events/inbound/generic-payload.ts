/**
 * A generic webhook's payload: JSON as sent (checked to parse, then kept byte for byte), a form as an object of its
 * fields, anything else as text.
 */
import { invalid } from "../../errors.js";
import type { InboundRequest } from "../types/trigger-type.js";
import { headerOf } from "../signature.js";
import { JsonText } from "../store/events.js";

export function genericPayload(req: InboundRequest): unknown {
  if (!req.rawBody.length) return null;
  const text = req.rawBody.toString("utf8");
  const type = (headerOf(req.headers, "content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) {
    try {
      JSON.parse(text);
      return new JsonText(text.trim());
    } catch {
      throw invalid("The request body says it is JSON but does not parse as JSON.");
    }
  }
  if (type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(text));
  return text;
}
