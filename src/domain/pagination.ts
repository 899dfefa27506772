/**
 * Keyset pagination over records ordered newest first (createdAt desc, id desc). The cursor is opaque to clients:
 * base64url of the last record's position. A cursor we did not make is a 400 naming `cursor`, never a 500.
 */
import { invalid } from "../errors.js";

export interface Position {
  createdAt: Date;
  id: string;
}

/** The one way back in for every opaque cursor (these lists and the catalog's): base64url JSON, then a shape check. */
export function readCursor<T>(cursor: string, accept: (value: unknown) => value is T, retry: string): T {
  let value: unknown;
  if (/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) {
    try {
      value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    } catch {
      value = undefined;
    }
  }
  if (value !== undefined && accept(value)) return value;
  throw invalid(`cursor '${cursor.slice(0, 40)}' is not valid for this list; ${retry}`);
}

/** The largest time a JavaScript Date holds (±8.64e15 ms); beyond it a Date is invalid and the database refuses it. */
const MAX_TIME = 8.64e15;

const isPosition = (v: unknown): v is [number, string] =>
  Array.isArray(v) && v.length === 2 && Number.isSafeInteger(v[0]) && Math.abs(v[0]) <= MAX_TIME && typeof v[1] === "string" && v[1].length > 0 && v[1].length <= 100;

export const encodeCursor = (p: Position) => Buffer.from(JSON.stringify([p.createdAt.getTime(), p.id])).toString("base64url");

export function decodeCursor(cursor: string | undefined): Position | null {
  if (!cursor) return null;
  const [t, id] = readCursor(cursor, isPosition, "pass the Patchbay-Next-Cursor header of the previous page unchanged.");
  return { createdAt: new Date(t), id };
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
