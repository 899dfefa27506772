/** Opaque page cursors: base64url of a small JSON object, checked on the way back in. */
import { invalid } from "../errors.js";

export function encodeCursor(value: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

export function decodeCursor(cursor: string, expect: Record<string, string>): number {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  const c = parsed as Record<string, unknown> | undefined;
  const ok =
    c !== null && typeof c === "object" && Number.isInteger(c.i) && (c.i as number) >= 0 && Object.entries(expect).every(([k, v]) => c[k] === v);
  if (!ok) throw invalid(`cursor '${cursor.slice(0, 40)}' is not valid for this list; start again without a cursor.`);
  return c!.i as number;
}
