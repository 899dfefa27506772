/**
 * The key under which a custom tool's input validator is compiled and cached (src/schema/compiled-validator.ts):
 * the connector and the schema itself, so accounts' same-named tools never share one, and the validator compiled
 * when the tools are read is the one runs use.
 */
import { sha256 } from "../crypto/secrets.js";

export const customValidatorKey = (connectorId: string, schema: Record<string, unknown>) => `custom:${connectorId}:${sha256(JSON.stringify(schema))}`;
