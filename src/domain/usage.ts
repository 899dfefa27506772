/**
 * Usage times (`ApiKey.lastUsedAt`, `Connection.lastUsedAt`) are coalesced: written at most once a minute per key
 * or connection, so a read or a proxied call does not turn into a database write each time. A usage time is
 * therefore up to a minute behind (the README says so).
 */
import type { Db } from "../db/client.js";

export const USAGE_GRANULARITY_MS = 60_000;

/**
 * Writes a key's lastUsedAt when the stored one is older than the granularity; gives the time now on record, at once
 * when nothing is written (on every request but one a minute: no promise to wait for then).
 */
export function recordKeyUse(db: Db, key: { id: string; lastUsedAt: Date | null }, now = Date.now()): Date | Promise<Date> {
  if (key.lastUsedAt && now - key.lastUsedAt.getTime() <= USAGE_GRANULARITY_MS) return key.lastUsedAt;
  return db.apiKey.updateMany({ where: { id: key.id }, data: { lastUsedAt: new Date(now) } }).then(() => new Date(now));
}

/** When this process last wrote each connection's lastUsedAt (a connection's row is not read again to know). */
const connectionWrites = new Map<string, number>();
const MAX_TRACKED = 10_000;

/**
 * Records that a connection was used; writes only when this process has not written it within the granularity (a
 * promise to wait for then, else nothing).
 */
export function recordConnectionUse(db: Db, connectionId: string, now = Date.now()): Promise<void> | undefined {
  const last = connectionWrites.get(connectionId);
  if (last !== undefined && now - last < USAGE_GRANULARITY_MS) return undefined;
  return writeConnectionUse(db, connectionId, now);
}

async function writeConnectionUse(db: Db, connectionId: string, now: number): Promise<void> {
  if (connectionWrites.size >= MAX_TRACKED) {
    for (const [id, at] of connectionWrites) if (now - at >= USAGE_GRANULARITY_MS) connectionWrites.delete(id);
    if (connectionWrites.size >= MAX_TRACKED) connectionWrites.clear();
  }
  connectionWrites.set(connectionId, now);
  // updateMany: a connection deleted meanwhile is not an error of the call that used it.
  await db.connection.updateMany({ where: { id: connectionId }, data: { lastUsedAt: new Date(now) } });
}
