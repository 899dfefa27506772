/**
 * A connector's app id (`custom_<name>`) and its tools' names (`CUSTOM_<NAME>_<ACTION>`, at most 64 characters,
 * collisions numbered in a fixed order): the catalog's namer, with the connector's app id as the prefix.
 */
import { invalid } from "../errors.js";
import { slug, words } from "../catalog/build/text.js";
import { ToolNamer } from "../catalog/build/tool-names.js";

export const CUSTOM_PREFIX = "custom_";
/** The tool name prefix is at most this long, so every tool keeps room for its action. */
const MAX_APP_ID = 40;

export function connectorAppId(name: string): string {
  const id = slug(name);
  if (!id) throw invalid(`name must contain letters or digits (its tools are named CUSTOM_<NAME>_<TOOL>), got '${name}'.`);
  const appId = `${CUSTOM_PREFIX}${id}`;
  if (appId.length > MAX_APP_ID) throw invalid(`name is too long once made a tool prefix ('${appId}', ${appId.length} characters; at most ${MAX_APP_ID}).`);
  return appId;
}

/** Names MCP tools: their names sorted first, so the same list always gives the same names. */
export function nameMcpTools(appId: string, toolNames: string[]): Map<string, string> {
  const namer = new ToolNamer(appId);
  const out = new Map<string, string>();
  for (const n of [...toolNames].sort()) {
    const action = words(n);
    out.set(n, namer.name(action.length > 0 ? action : ["tool"]));
  }
  return out;
}
