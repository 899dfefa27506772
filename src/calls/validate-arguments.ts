/**
 * Checks a tool's arguments against its input schema; a misfit is a 400 naming the argument. An argument the tool
 * does not take is a 400 too, naming it and the ones it takes: the request is built from the known inputs only, so
 * an agent's typo (`titel`) would otherwise vanish. An MCP server's tool gets its arguments as they are, so there
 * only its own schema decides.
 */
import type { CatalogTool } from "../catalog/types.js";
import { invalid } from "../errors.js";
import { compiledValidator } from "../schema/compiled-validator.js";

/** `validatorKey`: the cache key when the name alone does not tell schemas apart (custom tools of different accounts). */
export function validateArguments(
  tool: Pick<CatalogTool, "name" | "inputSchema"> & { validatorKey?: string; mcpName?: string | null },
  args: Record<string, unknown>,
): void {
  if (!tool.mcpName) rejectUnknownArguments(tool, args);
  const validate = compiledValidator(tool.validatorKey ?? `tool:${tool.name}`, tool.inputSchema);
  if (validate(args)) return;
  const e = validate.errors![0];
  const where = ["arguments", ...e.instancePath.split("/").filter(Boolean)].join(".");
  if (e.keyword === "required") throw invalid(`${where}.${(e.params as { missingProperty: string }).missingProperty} is required by ${tool.name}.`);
  if (e.keyword === "additionalProperties") throw invalid(`${where}.${(e.params as { additionalProperty: string }).additionalProperty} is not an input of ${tool.name}.`);
  if (e.keyword === "enum") throw invalid(`${where} must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(", ")}.`);
  throw invalid(`${where} ${e.message}.`);
}

/** Names shown in the message before "and N more". */
const SHOWN_INPUTS = 40;

function rejectUnknownArguments(tool: Pick<CatalogTool, "name" | "inputSchema">, args: Record<string, unknown>): void {
  const schema = tool.inputSchema as { properties?: Record<string, unknown>; additionalProperties?: unknown };
  if (!schema.properties || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)) return;
  const known = Object.keys(schema.properties);
  const unknown = Object.keys(args).filter((name) => !Object.hasOwn(schema.properties!, name));
  if (unknown.length === 0) return;
  const names = unknown.map((name) => `arguments.${name}`).join(", ");
  const guess = unknown.length === 1 ? closest(unknown[0]!, known) : undefined;
  const takes =
    known.length === 0
      ? `${tool.name} takes no arguments.`
      : `${tool.name} takes: ${known.slice(0, SHOWN_INPUTS).join(", ")}${known.length > SHOWN_INPUTS ? ` and ${known.length - SHOWN_INPUTS} more (see its inputSchema)` : ""}.`;
  throw invalid(`${names} ${unknown.length === 1 ? "is not an input" : "are not inputs"} of ${tool.name}.${guess ? ` Did you mean ${guess}?` : ""} ${takes}`);
}

/** The known name nearest to a misspelt one (at most 2 edits, case ignored), if any. */
function closest(name: string, known: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}
