import { deleteConnection, listConnections } from "../../../../generated/client/index.js";
import type { ApiConnection, ListConnectionsData } from "../../../../generated/client/index.js";
import { call, callPage } from "../call.js";
import type { Context } from "./context.js";

export function connectionsResource({ settings }: Context) {
  return {
    /** The account's connected apps; a `Page` (see `nextCursor`). */
    list: (query: ListConnectionsData["query"] = {}) => callPage<ApiConnection>(listConnections({ ...settings, query })),
    /** Disconnects: the stored credentials are removed. */
    delete: (id: string) => call(deleteConnection({ ...settings, path: { id } })),
  };
}
