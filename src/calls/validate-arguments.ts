/** Checks a tool's arguments against its input schema; a misfit is a 400 naming the argument. */
import type { CatalogTool } from "../catalog/types.js";
import { invalid } from "../errors.js";
import { compiledValidator } from "../schema/compiled-validator.js";

export function validateArguments(tool: CatalogTool, args: Record<string, unknown>): void {
  const validate = compiledValidator(`tool:${tool.name}`, tool.inputSchema);
  if (validate(args)) return;
  const e = validate.errors![0];
  const where = ["arguments", ...e.instancePath.split("/").filter(Boolean)].join(".");
  if (e.keyword === "required") throw invalid(`${where}.${(e.params as { missingProperty: string }).missingProperty} is required by ${tool.name}.`);
  if (e.keyword === "additionalProperties") throw invalid(`${where}.${(e.params as { additionalProperty: string }).additionalProperty} is not an input of ${tool.name}.`);
  if (e.keyword === "enum") throw invalid(`${where} must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(", ")}.`);
  throw invalid(`${where} ${e.message}.`);
}
