import type { Handler } from "../dispatch/types.js";
import { ApiError } from "../errors.js";

/**
 * GET /healthz: answered once migrations have run and the catalog is open (the server listens only then). 503 while
 * the database does not answer; 200 `degraded` while only Redis does not (every endpoint still works).
 */
export const getHealth: Handler<"getHealth"> = async (_input, { services }) => {
  const [databaseUp, redis] = await Promise.all([services.health.database(), services.health.redis()]);
  if (!databaseUp) throw new ApiError("service_unavailable", `The database (${services.database}, DATABASE_URL) does not answer; requests cannot be served until it does.`);
  return {
    status: redis === "unavailable" ? "degraded" : "ok",
    database: services.database,
    redis,
    catalog: services.catalog.stats(),
  };
};

/** GET /openapi.json: the contract itself. */
export const getOpenApiDocument: Handler<"getOpenApiDocument"> = async (_input, { services }) => services.document;
