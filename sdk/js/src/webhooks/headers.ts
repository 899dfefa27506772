/** Reads delivery headers from a `Headers` or a plain object (Node's `req.headers`, any case, string or list). */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

export const TIMESTAMP_HEADER = "x-patchbay-timestamp";
export const SIGNATURE_HEADER = "x-patchbay-signature";
export const EVENT_ID_HEADER = "x-patchbay-event-id";

/** The header's single value, or undefined when it is absent or given more than once. */
export function headerOf(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function" && typeof (headers as Headers).forEach === "function") {
    return (headers as Headers).get(name) ?? undefined;
  }
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    values.push(...(Array.isArray(value) ? value : [value]));
  }
  return values.length === 1 ? values[0] : undefined;
}
