/** Opaque page cursors of the catalog's lists: base64url of a small JSON object, checked on the way back in. */
import { readCursor } from "../domain/pagination.js";

export function encodeCursor(value: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** The offset a cursor carries, when it was made for this list (`expect`: the list and its filters). */
export function decodeCursor(cursor: string, expect: Record<string, string>): number {
  const forThisList = (v: unknown): v is { i: number } => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
    const c = v as Record<string, unknown>;
    return Number.isSafeInteger(c.i) && (c.i as number) >= 0 && Object.entries(expect).every(([k, want]) => c[k] === want);
  };
  return readCursor(cursor, forThisList, "start again without a cursor.").i;
}
