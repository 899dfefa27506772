/**
 * No input string may hold a NUL character (U+0000). JSON and URLs can carry one, but it is never meaningful in an
 * id, a name, a label or a filter, PostgreSQL's text type cannot store it (the query fails: a 500), and C-based
 * parsers downstream cut strings at it. Refused once, for every door, with the field named.
 */
import { invalid } from "../errors.js";

export function refuseNul(value: unknown, where: string): void {
  // An explicit stack: inputs are at most MAX_JSON_DEPTH deep already, but nothing here should recurse on caller data.
  const stack: [unknown, string][] = [[value, where]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes("\u0000")) throw invalid(`${at} contains a NUL character (\\u0000), which no field accepts.`);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, `${at}[${i}]`]));
    } else if (v && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes("\u0000")) throw invalid(`${at} has a field name with a NUL character (\\u0000).`);
        stack.push([item, `${at}.${k}`]);
      }
    }
  }
}
