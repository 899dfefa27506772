/** One read of a polling trigger's list: the list operation called with the trigger's config through its connection. */
import type { Services } from "../../services.js";
import type { CatalogTool } from "../../catalog/types.js";
import { toolRequest } from "../../calls/tool-request.js";
import { callProvider } from "../providers/call-provider.js";
import { idOf, itemsOf } from "./items.js";

export async function listItems(services: Services, t: { accountId: string; connectionId: string | null }, tool: CatalogTool, config: Record<string, unknown>) {
  const answer = await callProvider(services, t.accountId, tool.app, { ...toolRequest(tool, config), connection: t.connectionId ?? undefined }, `list items (${tool.name})`);
  return itemsOf(answer.body).map((item) => ({ id: idOf(item), item }));
}
