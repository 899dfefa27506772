/**
 * The published schemas of the agent-facing standards, read from ../shared/protocols beside the repository (CI has
 * them; a fresh clone does not). `loadProtocols` answers null when the folder is absent, and the checks that need it
 * are skipped with a message saying so.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { rootDir } from "../../src/db/paths.js";

export const protocolsDir = join(rootDir, "../shared/protocols");
export const haveProtocols = existsSync(protocolsDir);

export function skipNotice(what: string) {
  if (!haveProtocols) console.warn(`skipped: ${what} needs the published schemas in ${protocolsDir} (absent here; CI has them)`);
}

export function newAjv() {
  const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, allErrors: true });
  (addFormats as unknown as typeof addFormats.default)(ajv);
  return ajv;
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith(".json") ? [path] : [];
  });
}

/** A validator for UCP's discovery profile; references are resolved by file path (their $ids do not resolve). */
export function ucpProfileValidator() {
  const ajv = newAjv();
  const source = join(protocolsDir, "ucp/v2026-04-08/source");
  for (const file of [...jsonFiles(join(source, "schemas")), join(source, "discovery/profile_schema.json")]) {
    ajv.addSchema({ ...JSON.parse(readFileSync(file, "utf8")), $id: pathToFileURL(file).href });
  }
  return ajv.getSchema(pathToFileURL(join(source, "discovery/profile_schema.json")).href)!;
}

/** A validator for ACP's discovery document (`DiscoveryResponse` of the agentic checkout schema). */
export function acpDiscoveryValidator() {
  const ajv = newAjv();
  const schema = JSON.parse(readFileSync(join(protocolsDir, "acp/spec/2026-04-17/json-schema/schema.agentic_checkout.json"), "utf8"));
  ajv.addSchema({ ...schema, $id: "acp" });
  return ajv.getSchema("acp#/$defs/DiscoveryResponse")!;
}
