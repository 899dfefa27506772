/**
 * Validators of the published UCP (2026-04-08) and ACP (2026-04-17) schemas for what the checkout operations answer,
 * read from ../shared/protocols (absent on a fresh clone: the checks are skipped with a message, CI runs them).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { haveProtocols, newAjv, protocolsDir, skipNotice } from "../../agent/protocol-schemas.js";

export { haveProtocols, skipNotice };

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith(".json") ? [path] : [];
  });
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

function ucp(): (file: string) => Validate {
  const ajv = newAjv();
  const source = join(protocolsDir, "ucp/v2026-04-08/source/schemas");
  for (const file of jsonFiles(source)) ajv.addSchema({ ...JSON.parse(readFileSync(file, "utf8")), $id: pathToFileURL(file).href });
  return (file) => ajv.getSchema(pathToFileURL(join(source, file)).href)! as Validate;
}

function acp(): (def: string) => Validate {
  const ajv = newAjv();
  ajv.addSchema({ ...JSON.parse(readFileSync(join(protocolsDir, "acp/spec/2026-04-17/json-schema/schema.agentic_checkout.json"), "utf8")), $id: "acp" });
  return (def) => ajv.getSchema(`acp#/$defs/${def}`)! as Validate;
}

const ucpSchemas = haveProtocols ? ucp() : null;
const acpSchemas = haveProtocols ? acp() : null;

/** Throws with the schema's errors when `body` does not validate; does nothing without the schemas. */
function check(validate: Validate | undefined, body: unknown, what: string) {
  if (!validate) return;
  if (!validate(body)) throw new Error(`${what}: ${JSON.stringify(validate.errors).slice(0, 1500)}\nbody: ${JSON.stringify(body).slice(0, 1500)}`);
}

export const assertUcpCheckout = (body: unknown) => check(ucpSchemas?.("shopping/checkout.json"), body, "not a UCP checkout");
export const assertUcpError = (body: unknown) => check(ucpSchemas?.("shopping/types/error_response.json"), body, "not a UCP error response");
export const assertAcpSession = (body: unknown) => check(acpSchemas?.((body as { order?: unknown }).order ? "CheckoutSessionWithOrder" : "CheckoutSession"), body, "not an ACP checkout session");
export const assertAcpError = (body: unknown) => check(acpSchemas?.("Error"), body, "not an ACP error");
