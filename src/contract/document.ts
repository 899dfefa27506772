import { readFileSync } from "node:fs";
import { join } from "node:path";
import { rootDir } from "../db/paths.js";

/** The contract as generated from spec/ (generated/openapi.json). */
export function loadDocument(): Record<string, unknown> & { paths: Record<string, Record<string, unknown>> } {
  return JSON.parse(readFileSync(join(rootDir, "generated/openapi.json"), "utf8"));
}
