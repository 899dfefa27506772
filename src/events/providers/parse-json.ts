import { invalid } from "../../errors.js";

/** A provider's JSON body; a body that is not JSON is refused (after its signature was checked). */
export function parseJsonBody(provider: string, rawBody: Buffer): Record<string, unknown> {
  try {
    const value = JSON.parse(rawBody.toString("utf8"));
    if (value && typeof value === "object" && !Array.isArray(value)) return value;
  } catch {
    // fall through
  }
  throw invalid(`The ${provider} request body is not a JSON object.`);
}
