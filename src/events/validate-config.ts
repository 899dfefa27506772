/** Checks a trigger's config against its type's configSchema (compiled once per type); a misfit is a 400 naming the field. */
import Ajv2020 from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import { invalid } from "../errors.js";
import { describeErrors } from "../http/rest-door.js";
import type { TriggerType } from "./types/trigger-type.js";

const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, validateFormats: false, allErrors: false });
const compiled = new Map<string, ValidateFunction>();
const CACHE_SIZE = 500;

export function validateConfig(type: TriggerType, config: Record<string, unknown>): void {
  let validate = compiled.get(type.id);
  if (!validate) {
    validate = ajv.compile(type.configSchema);
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
    compiled.set(type.id, validate);
  }
  if (validate(config)) return;
  const errors = validate.errors!.map((e) => ({ ...e, instancePath: `/config${e.instancePath}` }));
  throw invalid(`${describeErrors(errors).replace(/\.$/, "")} (see configSchema of ${type.id} in GET /api/v1/triggers/types?app=${type.app}).`);
}
