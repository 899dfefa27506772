/**
 * JSON Schema validators for schemas that come as data (tool input schemas, trigger config schemas), compiled once
 * each with Ajv's 2020-12 build and kept in a bounded cache by a caller-chosen key.
 */
import Ajv2020 from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";

const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, validateFormats: false, allErrors: false });
const cache = new Map<string, ValidateFunction>();
const CACHE_SIZE = 1000;

export function compiledValidator(key: string, schema: Record<string, unknown>): ValidateFunction {
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, validate);
  }
  return validate;
}
