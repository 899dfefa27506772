/**
 * Usage times (`ApiKey.lastUsedAt`, `Connection.lastUsedAt`) are coalesced: written at most once a minute per key
 * or connection, so a read or a proxied call does not turn into a database write each time. A usage time is
 * therefore up to a minute behind (the README says so).
 */
import type { Db } from "../db/client.js";

export const USAGE_GRANULARITY_MS = 60_000;

/** Writes a key's lastUsedAt when the stored one is older than the granularity; returns the time now on record. */
export async function recordKeyUse(db: Db, key: { id: string; lastUsedAt: Date | null }, now = Date.now()): Promise<Date | null> {
  if (key.lastUsedAt && now - key.lastUsedAt.getTime() <= USAGE_GRANULARITY_MS) return key.lastUsedAt;
  await db.apiKey.updateMany({ where: { id: key.id }, data: { lastUsedAt: new Date(now) } });
  return new Date(now);
}

/** When this process last wrote each connection's lastUsedAt (a connection's row is not read again to know). */
const connectionWrites = new Map<string, number>();
const MAX_TRACKED = 10_000;

/** Records that a connection was used; writes only when this process has not written it within the granularity. */
export async function recordConnectionUse(db: Db, connectionId: string, now = Date.now()): Promise<void> {
  const last = connectionWrites.get(connectionId);
  if (last !== undefined && now - last < USAGE_GRANULARITY_MS) return;
  if (connectionWrites.size >= MAX_TRACKED) {
    for (const [id, at] of connectionWrites) if (now - at >= USAGE_GRANULARITY_MS) connectionWrites.delete(id);
    if (connectionWrites.size >= MAX_TRACKED) connectionWrites.clear();
  }
  connectionWrites.set(connectionId, now);
  // updateMany: a connection deleted meanwhile is not an error of the call that used it.
  await db.connection.updateMany({ where: { id: connectionId }, data: { lastUsedAt: new Date(now) } });
}
