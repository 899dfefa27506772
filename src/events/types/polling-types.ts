/**
 * Polling trigger types, derived from the catalog: every GET operation of an app that lists a collection (its path
 * does not end in an id, and it says "list …" / "returns a list of …" or takes a paging parameter) gives a type
 * `<app>.new_item.<action>` ("new item in <list>"). Its config is the operation's input minus the paging
 * parameters (Patchbay reads the first page each time).
 */
import type { Catalog, CatalogTool } from "../../catalog/types.js";
import type { PollingType } from "./trigger-type.js";

/** Paging inputs: Patchbay reads the first page itself, so they are not part of a polling trigger's config. */
export const PAGING_PARAM = /^(page|per_?page|page_?size|page_?token|limit|offset|skip|cursor|start_cursor|starting_after|ending_before|max_?results|\$top|\$skip)$/i;
const LISTING = /^(lists?|returns? (a |an |the )?(paginated )?list|retrieves? (all|a list)|gets? (all|a list|multiple))\b/i;

export function isListTool(tool: CatalogTool): boolean {
  if (tool.http.method !== "GET") return false;
  const last = tool.http.path.split("/").filter(Boolean).at(-1);
  if (!last || last.startsWith("{")) return false;
  return /(^|_)LIST(_|$)/.test(tool.name) || LISTING.test(tool.description) || tool.http.params.some((p) => p.in === "query" && PAGING_PARAM.test(p.key));
}

const prefixOf = (app: string) => `${app.toUpperCase()}_`;
const actionOf = (tool: CatalogTool) => (tool.name.startsWith(prefixOf(tool.app)) ? tool.name.slice(prefixOf(tool.app).length) : tool.name).toLowerCase();

/** What the list is of, from the operation's first sentence: "List repository issues." → "repository issues". */
function listName(tool: CatalogTool): string {
  const sentence = tool.description.split(/(?<=\.)\s/)[0]!.replace(/\.$/, "");
  const what = sentence.replace(LISTING, "").trim().replace(/^(of|get|retrieves?|fetch|returns?)\s+/i, "");
  return (what || sentence || tool.name).slice(0, 120);
}

function configSchemaOf(tool: CatalogTool): Record<string, unknown> {
  const schema = tool.inputSchema as { properties?: Record<string, unknown>; required?: string[] };
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !PAGING_PARAM.test(name)));
  const required = (schema.required ?? []).filter((name) => name in properties);
  return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

export function pollingTypeOf(tool: CatalogTool): PollingType {
  return {
    id: `${tool.app}.new_item.${actionOf(tool)}`,
    app: tool.app,
    name: `New item in ${listName(tool)}`,
    description: `Patchbay reads ${tool.name} (${tool.http.method} ${tool.http.path}) at every poll and reports each item whose id it has not seen before; items that exist when the trigger is created are not reported.`,
    delivery: "polling",
    configSchema: configSchemaOf(tool),
    examplePayload: { id: 1347, "…": `the item's other fields, as ${tool.name} returns them` },
    tool,
  };
}

const cache = new WeakMap<Catalog, Map<string, PollingType[]>>();
const CACHED_APPS = 20;

/** The polling types of an app, in the catalog's tool order (kept for the most recently asked apps). */
export function pollingTypesOf(catalog: Catalog, app: string): PollingType[] {
  let apps = cache.get(catalog);
  if (!apps) cache.set(catalog, (apps = new Map()));
  let types = apps.get(app);
  if (!types) {
    types = derivePollingTypes(catalog, app);
    if (apps.size >= CACHED_APPS) apps.delete(apps.keys().next().value!);
  }
  apps.delete(app);
  apps.set(app, types);
  return types;
}

function derivePollingTypes(catalog: Catalog, app: string): PollingType[] {
  const types: PollingType[] = [];
  let cursor: string | undefined;
  do {
    const page = catalog.listTools({ app, limit: 200, cursor });
    for (const listed of page.items) {
      if (!isListTool(listed)) continue;
      const tool = catalog.getTool(listed.name);
      if (tool) types.push(pollingTypeOf(tool));
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return types;
}

/** The polling type of an id, when it names a list operation of the app. */
export function findPollingType(catalog: Catalog, id: string): PollingType | undefined {
  const m = /^([a-z0-9_]+)\.new_item\.([a-z0-9_]+)$/.exec(id);
  if (!m) return undefined;
  const [, app, action] = m;
  for (const name of [`${app}_${action}`.toUpperCase(), action!.toUpperCase()]) {
    const tool = catalog.getTool(name);
    if (tool && tool.app === app && isListTool(tool) && pollingTypeOf(tool).id === id) return pollingTypeOf(tool);
  }
  return undefined;
}
