import type { Handler } from "../dispatch/types.js";

/** GET /healthz: answered once migrations have run and the catalog is open (the server listens only then). */
export const getHealth: Handler<"getHealth"> = async (_input, { services }) => ({
  status: "ok",
  database: services.database,
  catalog: services.catalog.stats(),
});

/** GET /openapi.json: the contract itself. */
export const getOpenApiDocument: Handler<"getOpenApiDocument"> = async (_input, { services }) => services.document;
