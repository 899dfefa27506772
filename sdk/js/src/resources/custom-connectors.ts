import { createCustomConnector, deleteCustomConnector, listCustomConnectors, refreshCustomConnector } from "../../../../generated/client/index.js";
import type { ApiCustomConnector, CreateCustomConnectorData, ListCustomConnectorsData } from "../../../../generated/client/index.js";
import { call, callPage } from "../call.js";
import type { Context } from "./context.js";

export function customConnectorsResource({ settings }: Context) {
  return {
    /** The account's custom connectors; a `Page` (see `nextCursor`). */
    list: (query: ListCustomConnectorsData["query"] = {}) => callPage<ApiCustomConnector>(listCustomConnectors({ ...settings, query })),
    /** Adds an MCP server (`{ name, url, key? }`) or a REST API (`{ name, spec, base?, key?, keyIn? }`). */
    create: (body: CreateCustomConnectorData["body"]) => call(createCustomConnector({ ...settings, body })),
    delete: (id: string) => call(deleteCustomConnector({ ...settings, path: { id } })),
    /** Reads the connector's tools again (the MCP server's list, or the stored description compiled again). */
    refresh: (id: string) => call(refreshCustomConnector({ ...settings, path: { id } })),
  };
}
