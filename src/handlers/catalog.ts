import type { Handler } from "../dispatch/types.js";
import { paged } from "../dispatch/types.js";

/** GET /catalog: the public app catalog. */
export const listCatalog: Handler<"listCatalog"> = async ({ query }, { services }) =>
  paged(services.catalog.listApps({ search: query?.search, category: query?.category, limit: query?.limit ?? 50, cursor: query?.cursor, includeDeprecated: query?.includeDeprecated }));
