import type { Logger } from "pino";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import type { Secrets } from "./crypto/secrets.js";
import type { Catalog } from "./catalog/types.js";
import type { HealthChecks } from "./lifecycle/health-checks.js";

/** What handlers and domain modules are given: the parts chosen by configuration. */
export interface Services {
  config: Config;
  db: Db;
  database: "sqlite" | "postgresql";
  secrets: Secrets;
  catalog: Catalog;
  log: Logger;
  /** The contract (generated/openapi.json), served at /openapi.json. */
  document: Record<string, unknown>;
  /** Whether the database and Redis answer now (GET /healthz). */
  health: HealthChecks;
  /** The delivery queue, once the events runtime has started (src/events/start-events.ts): attempt an event at `at`. */
  deliveries?: { schedule(eventId: string, at: Date): Promise<void> };
}
