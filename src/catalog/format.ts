/**
 * The built catalog on disk, designed for a fast start: the service reads the small files whole (apps, tool names,
 * offsets, search index) and reads a tool's record or input schema by offset only when it is asked for.
 *
 *   manifest.json   format version, source package version, counts
 *   apps.json       CatalogApp[], sorted by id
 *   tools.jsonl     one CatalogTool without inputSchema per line, sorted by app id then name
 *   schemas.jsonl   the inputSchema of each tool, same order
 *   offsets.bin     per tool, four uint32: record offset, record length, schema offset, schema length
 *   names.txt       tool names, one per line, same order
 *   find.json, find.bin   the tools.find index (see find/search-index.ts)
 */
export const FORMAT_VERSION = 3;

export const FILES = {
  manifest: "manifest.json",
  apps: "apps.json",
  tools: "tools.jsonl",
  schemas: "schemas.jsonl",
  offsets: "offsets.bin",
  names: "names.txt",
  findMeta: "find.json",
  findData: "find.bin",
} as const;

export interface Manifest {
  formatVersion: number;
  source: { package: string; version: string };
  /** Hash of the compiler's code (source-hash.ts); a different one means the catalog is stale. */
  compiler: string | null;
  builtAt: string;
  apps: number;
  tools: number;
  skipped: Record<string, number>;
}
