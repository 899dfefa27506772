/**
 * No input string may hold a NUL character (U+0000). JSON and URLs can carry one, but it is never meaningful in an
 * id, a name, a label or a filter, PostgreSQL's text type cannot store it (the query fails: a 500), and C-based
 * parsers downstream cut strings at it. Refused once, for every door, with the field named.
 */
import { invalid } from "../errors.js";

export function refuseNul(value: unknown, where: string): void {
  // An explicit stack: inputs are at most MAX_JSON_DEPTH deep already, but nothing here should recurse on caller data.
  // Each entry keeps its parent and its key; the field's path is spelled out only for the error (checked on every request).
  const stack: Place[] = [{ value, parent: null, key: where }];
  while (stack.length) {
    const place = stack.pop()!;
    const v = place.value;
    if (typeof v === "string") {
      if (v.includes("\u0000")) throw invalid(`${pathOf(place)} contains a NUL character (\\u0000), which no field accepts.`);
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push({ value: v[i], parent: place, key: i });
    } else if (v && typeof v === "object") {
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        if (k.includes("\u0000")) throw invalid(`${pathOf(place)} has a field name with a NUL character (\\u0000).`);
        stack.push({ value: (v as Record<string, unknown>)[k], parent: place, key: k });
      }
    }
  }
}

interface Place {
  value: unknown;
  parent: Place | null;
  /** The field's name, the item's index, or (at the top) the part of the request. */
  key: string | number;
}

/** `body.items[2].name`: the place's path from the top. */
function pathOf(place: Place): string {
  let path = "";
  for (let p: Place | null = place; p; p = p.parent) path = (p.parent === null ? String(p.key) : typeof p.key === "number" ? `[${p.key}]` : `.${p.key}`) + path;
  return path;
}
