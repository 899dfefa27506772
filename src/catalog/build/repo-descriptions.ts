/**
 * Descriptions written in this repository, `catalog/descriptions/<app>.yaml` (OpenAPI 3.x): apps that publish no
 * machine-readable description, written from the vendor's API reference. Each file starts with an
 * `x-patchbay` block naming the app; that block is all the curated layer needs, so it is read without parsing the
 * rest of the file (the whole file is parsed only when the catalog is built).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

export const REPO_DESCRIPTIONS_DIR = fileURLToPath(new URL("../../../catalog/descriptions/", import.meta.url));

/** The `x-patchbay` block at the top of a description file. */
export interface RepoDescriptionHeader {
  /** App id (lowercase slug); the file is named `<app>.yaml`. */
  app: string;
  name: string;
  aliases?: string[];
  categories?: string[];
  docsUrl?: string;
  /** The provider's domain, for brand families ("hubapi.com" joins HubSpot's apps); default: the server's domain. */
  provider?: string;
  /** OAuth scopes asked for by default. */
  defaultScopes?: string[];
  /** Every operation of the vendor's API is in the file (small APIs such as Tavily's or SerpApi's have fewer than 10). */
  wholeApi?: boolean;
}

export interface RepoDescription {
  /** `catalog/descriptions/<app>.yaml`, as shown in build reports. */
  file: string;
  path: string;
  header: RepoDescriptionHeader;
}

/** The `x-patchbay:` block: from its line to the next top-level key. */
function headerText(text: string): string {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => /^x-patchbay:/.test(l));
  if (start < 0) return "";
  let end = start + 1;
  while (end < lines.length && (/^\s/.test(lines[end]!) || lines[end]!.trim() === "" || lines[end]!.startsWith("#"))) end++;
  return lines.slice(start, end).join("\n");
}

function readHeader(path: string, file: string): RepoDescriptionHeader {
  const block = parse(headerText(readFileSync(path, "utf8"))) as { "x-patchbay"?: RepoDescriptionHeader } | null;
  const header = block?.["x-patchbay"];
  if (!header || typeof header.app !== "string" || typeof header.name !== "string") throw new Error(`${file}: no x-patchbay { app, name } block`);
  if (`${header.app}.yaml` !== file.split("/").pop()) throw new Error(`${file}: x-patchbay.app is ${header.app}`);
  return header;
}

let cached: RepoDescription[] | undefined;

/** Every description file in `catalog/descriptions/`, by file name. */
export function repoDescriptions(dir = REPO_DESCRIPTIONS_DIR): RepoDescription[] {
  if (dir === REPO_DESCRIPTIONS_DIR && cached) return cached;
  const list = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".yaml"))
        .sort()
        .map((f) => ({ file: `catalog/descriptions/${f}`, path: join(dir, f), header: readHeader(join(dir, f), f) }))
    : [];
  if (dir === REPO_DESCRIPTIONS_DIR) cached = list;
  return list;
}
