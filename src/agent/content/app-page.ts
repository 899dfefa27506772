/** An app's public page: what it is, how one signs in, its tools and its trigger types, as Markdown. */
import type { Catalog, CatalogApp } from "../../catalog/types.js";
import { triggerTypesOf } from "../../events/types/index.js";

const TOOLS_SHOWN = 200;
const TRIGGERS_SHOWN = 50;

const cell = (s: string) => s.replace(/\s+/g, " ").replace(/\|/g, "\\|").slice(0, 160);

export function appPage(catalog: Catalog, app: CatalogApp, baseUrl: string): string {
  const tools = catalog.listTools({ app: app.id, limit: TOOLS_SHOWN });
  const triggers = triggerTypesOf(catalog, app.id);
  const lines = [
    `# ${app.name}`,
    "",
    app.description.trim() || `${app.name} in the Patchbay catalog.`,
    "",
    `- App id: \`${app.id}\``,
    ...(app.categories.length ? [`- Categories: ${app.categories.join(", ")}`] : []),
    `- Sign-in: ${app.auth.map((a) => a.type).join(", ") || "none declared"}`,
    `- API: ${app.baseUrl}`,
    ...(app.docsUrl ? [`- The app's own docs: ${app.docsUrl}`] : []),
    "",
    "## Use it through Patchbay",
    "",
    `1. Connect it: \`POST ${baseUrl}/api/v1/apps/${app.id}/connect\` answers with a sign-in \`url\`.`,
    `2. Find a tool: \`POST ${baseUrl}/api/v1/tools/find\` with \`{ "task": "...", "app": "${app.id}" }\`.`,
    `3. Run it: \`POST ${baseUrl}/api/v1/tools/<tool>/run\` with its arguments.`,
    "",
    `## Tools (${app.toolCount})`,
    "",
    "| Tool | Method and path | What it does |",
    "|---|---|---|",
    ...tools.items.map((t) => `| \`${t.name}\` | \`${t.http.method} ${cell(t.http.path)}\` | ${cell(t.description.split(/(?<=\.)\s/)[0] ?? "")} |`),
    ...(app.toolCount > tools.items.length ? ["", `${app.toolCount - tools.items.length} more: \`GET ${baseUrl}/api/v1/tools?app=${app.id}\`.`] : []),
    "",
    `## Trigger types (${triggers.length})`,
    "",
    ...(triggers.length
      ? triggers.slice(0, TRIGGERS_SHOWN).map((t) => `- \`${t.id}\` (${t.delivery}): ${t.name}`)
      : ["This app has no trigger types: no webhook provider and no list operation to poll."]),
    ...(triggers.length > TRIGGERS_SHOWN ? ["", `${triggers.length - TRIGGERS_SHOWN} more: \`GET ${baseUrl}/api/v1/triggers/types?app=${app.id}\`.`] : []),
    "",
  ];
  return lines.join("\n");
}
