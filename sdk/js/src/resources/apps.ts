import { connectApp, getApp, listApps, listCatalog } from "../../../../generated/client/index.js";
import type { ApiApp, ApiAppWithStatus, ConnectAppData, ListAppsData, ListCatalogData } from "../../../../generated/client/index.js";
import { call, callPage } from "../call.js";
import type { Context } from "./context.js";

export function appsResource({ settings }: Context) {
  return {
    /** Apps with this account's connection status; a `Page` (see `nextCursor`). */
    list: (query: ListAppsData["query"] = {}) => callPage<ApiAppWithStatus>(listApps({ ...settings, query })),
    /** Apps matching words in their id, name or description. */
    search: (text: string, query: Omit<NonNullable<ListAppsData["query"]>, "search"> = {}) =>
      callPage<ApiAppWithStatus>(listApps({ ...settings, query: { ...query, search: text } })),
    /** One app, with its ways to sign in. */
    get: (app: string) => call(getApp({ ...settings, path: { app } })),
    /** A single-use sign-in link (`url`, valid 15 minutes): send it to the user to connect the app. */
    connect: (app: string, body: ConnectAppData["body"] = {}) => call(connectApp({ ...settings, path: { app }, body })),
  };
}

export function catalogResource({ settings }: Context) {
  return {
    /** The public catalog; needs no key. A `Page` (see `nextCursor`). */
    list: (query: ListCatalogData["query"] = {}) => callPage<ApiApp>(listCatalog({ ...settings, query })),
  };
}
