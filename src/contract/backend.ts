/**
 * openapi-backend over the contract: routing by operationId and request validation. Its own Ajv speaks draft-07;
 * the contract is OpenAPI 3.1 (JSON Schema 2020-12), so validators are built with Ajv's 2020 build instead.
 */
import { OpenAPIBackend, type Document } from "openapi-backend";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export function createBackend(document: Record<string, unknown>) {
  const api = new OpenAPIBackend<Document>({
    definition: document as unknown as Document,
    quick: true,
    validate: true,
    coerceTypes: true,
    customizeAjv: (original: { formats?: Record<string, unknown> }, ajvOpts: object) => {
      const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ ...ajvOpts, strict: false, allErrors: false });
      (addFormats as unknown as typeof addFormats.default)(ajv);
      for (const [name, format] of Object.entries(original.formats ?? {})) if (!ajv.formats[name]) ajv.addFormat(name, format as never);
      return ajv as never;
    },
  });
  api.init();
  return api;
}

export type Backend = ReturnType<typeof createBackend>;
