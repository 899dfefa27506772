/**
 * A curated app's corrections applied to its primary description before it is compiled: the merge patch (servers,
 * security schemes, root security) and, when the operations' own security requirements are wrong (Trello declares
 * key OR token on each operation; every call needs both), the root requirement for every operation.
 */
import type { CuratedApp } from "../curated.js";
import { mergePatch } from "./merge-patch.js";

type Json = Record<string, any>;

export function curateDescription(doc: Json, curated: CuratedApp | null): Json {
  if (!curated?.patch && !curated?.rootSecurityOnly) return doc;
  let out = curated.patch ? (mergePatch(doc, curated.patch) as Json) : doc;
  if (curated.rootSecurityOnly) {
    const paths: Json = {};
    for (const [path, item] of Object.entries((out.paths ?? {}) as Json)) {
      if (!item || typeof item !== "object") continue;
      paths[path] = Object.fromEntries(
        Object.entries(item as Json).map(([k, op]) => {
          if (!op || typeof op !== "object" || Array.isArray(op) || !("security" in op)) return [k, op];
          const { security: _dropped, ...rest } = op as Json;
          return [k, rest];
        }),
      );
    }
    out = { ...out, paths };
  }
  return out;
}
