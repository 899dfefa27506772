/**
 * The items of a list answer and their ids. Lists come as an array, or as an object holding one (`items`, `data`,
 * `results`, Slack's `channels`, ...). An item's id is its `id` (else `uid`, `uuid`, `key`, `ts`, `name`), or a hash
 * of the item when it has none.
 */
import { sha256 } from "../../crypto/secrets.js";

const PREFERRED = ["items", "data", "results", "records", "entries", "values", "value", "nodes", "list"];
const ID_FIELDS = ["id", "uid", "uuid", "key", "ts", "name"];

export function itemsOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (!body || typeof body !== "object") return [];
  const record = body as Record<string, unknown>;
  for (const key of PREFERRED) if (Array.isArray(record[key])) return record[key] as unknown[];
  return (Object.values(record).find(Array.isArray) as unknown[] | undefined) ?? [];
}

export function idOf(item: unknown): string {
  if (item && typeof item === "object") {
    for (const field of ID_FIELDS) {
      const value = (item as Record<string, unknown>)[field];
      if (typeof value === "string" || typeof value === "number") return String(value);
    }
  }
  return `sha256:${sha256(JSON.stringify(item))}`;
}
