/** Checks a trigger's config against its type's configSchema (compiled once per type); a misfit is a 400 naming the field. */
import { invalid } from "../errors.js";
import { compiledValidator } from "../schema/compiled-validator.js";
import { describeErrors } from "../http/rest-door.js";
import type { TriggerType } from "./types/trigger-type.js";

export function validateConfig(type: TriggerType, config: Record<string, unknown>): void {
  const validate = compiledValidator(`trigger-type:${type.id}`, type.configSchema);
  if (validate(config)) return;
  const errors = validate.errors!.map((e) => ({ ...e, instancePath: `/config${e.instancePath}` }));
  throw invalid(`${describeErrors(errors).replace(/\.$/, "")} (see configSchema of ${type.id} in GET /api/v1/triggers/types?app=${type.app}).`);
}
