/** Checks a tool's arguments against its input schema (compiled once per tool, kept in a bounded cache). */
import Ajv2020 from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import type { CatalogTool } from "../catalog/types.js";
import { invalid } from "../errors.js";

const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, validateFormats: false, allErrors: false });
const cache = new Map<string, ValidateFunction>();
const CACHE_SIZE = 500;

export function validateArguments(tool: CatalogTool, args: Record<string, unknown>): void {
  let validate = cache.get(tool.name);
  if (!validate) {
    validate = ajv.compile(tool.inputSchema);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(tool.name, validate);
  }
  if (validate(args)) return;
  const e = validate.errors![0];
  const where = ["arguments", ...e.instancePath.split("/").filter(Boolean)].join(".");
  if (e.keyword === "required") throw invalid(`${where}.${(e.params as { missingProperty: string }).missingProperty} is required by ${tool.name}.`);
  if (e.keyword === "additionalProperties") throw invalid(`${where}.${(e.params as { additionalProperty: string }).additionalProperty} is not an input of ${tool.name}.`);
  if (e.keyword === "enum") throw invalid(`${where} must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(", ")}.`);
  throw invalid(`${where} ${e.message}.`);
}
