import type { Handler } from "../dispatch/types.js";
import { paged } from "../dispatch/types.js";
import { connectorView, deleteConnector, listConnectors } from "../connectors/store/connectors.js";
import { registerMcp } from "../connectors/register-mcp.js";
import { registerRest } from "../connectors/register-rest.js";
import { refreshConnector } from "../connectors/refresh.js";
import { callerOf } from "./caller-of.js";

/** GET /custom-connectors: the account's connectors, newest first (keys never shown). */
export const listCustomConnectors: Handler<"listCustomConnectors"> = async ({ query }, ctx) => {
  const page = await listConnectors(ctx.services.db, callerOf(ctx).accountId, { limit: query?.limit ?? 50, cursor: query?.cursor });
  return paged({ items: page.items.map(connectorView), nextCursor: page.nextCursor });
};

/** POST /custom-connectors: an MCP server (`url`) or a REST API (`spec`); its tools are the account's at once. */
export const createCustomConnector: Handler<"createCustomConnector"> = async ({ body }, ctx) => {
  const accountId = callerOf(ctx).accountId;
  const row = "url" in body ? await registerMcp(ctx.services, accountId, body) : await registerRest(ctx.services, accountId, body);
  return connectorView(row);
};

/** POST /custom-connectors/{id}/refresh: read the tools again. */
export const refreshCustomConnector: Handler<"refreshCustomConnector"> = async ({ path }, ctx) =>
  connectorView(await refreshConnector(ctx.services, callerOf(ctx).accountId, path.id));

/** DELETE /custom-connectors/{id}: the connector, its sealed key and its tools go at once. */
export const deleteCustomConnector: Handler<"deleteCustomConnector"> = async ({ path }, ctx) => {
  await deleteConnector(ctx.services.db, callerOf(ctx).accountId, path.id);
  return { id: path.id, deleted: true };
};
