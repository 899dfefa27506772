/**
 * Keyset pagination over records ordered newest first (createdAt desc, id desc). The cursor is opaque to clients:
 * base64url of the last record's position. A cursor we did not make is a 400, not a 500.
 */
import { invalid } from "../errors.js";

export interface Position {
  createdAt: Date;
  id: string;
}

export const encodeCursor = (p: Position) => Buffer.from(JSON.stringify([p.createdAt.getTime(), p.id])).toString("base64url");

export function decodeCursor(cursor: string | undefined): Position | null {
  if (!cursor) return null;
  try {
    const [t, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (typeof t === "number" && typeof id === "string") return { createdAt: new Date(t), id };
  } catch {
    // fall through
  }
  throw invalid("cursor is not valid: pass the Patchbay-Next-Cursor header of the previous page unchanged.");
}

/** The `where` clause for records after `cursor`, and the order; fetch `limit + 1` and pass the rows to `toPage`. */
export function keyset(cursor: string | undefined) {
  const after = decodeCursor(cursor);
  return {
    where: after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {},
    orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }],
  };
}

export function toPage<T extends Position>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? encodeCursor(items[items.length - 1]) : null };
}
