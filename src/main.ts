/** `npm start`: the service on the configuration of the environment (embedded SQLite by default). */
import { ConfigError, loadConfig } from "./config.js";
import { DatabaseUnreachable } from "./db/open-database.js";
import { startService, type RunningService } from "./server.js";

/** Past this, stopping is cut short whatever is still running (the parts' own limits add up to about as much). */
const STOP_DEADLINE_MS = 10_000;

let starting: Promise<RunningService> | undefined;
let stopping = false;

/** SIGTERM / SIGINT: stop within STOP_DEADLINE_MS, also during start-up (which is then let finish, within the same limit). */
async function stop(signal: string) {
  if (stopping) {
    process.stderr.write(`${signal} again while stopping: exiting now.\n`);
    process.exit(1);
  }
  stopping = true;
  setTimeout(() => {
    process.stderr.write(`Stopping took more than ${STOP_DEADLINE_MS / 1000} s: exiting with work abandoned.\n`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  const service = await starting?.catch(() => undefined);
  if (!service) process.exit(1); // start-up failed: its own handler reports and exits
  const { log } = service.services;
  log.info({ signal }, "stopping");
  const abandoned = await service.shutdown();
  if (abandoned.length) log.warn({ abandoned }, `stopped; gave up on: ${abandoned.join(", ")}`);
  else log.info("stopped");
  process.exit(abandoned.length ? 1 : 0);
}
// Registered before anything starts, so that a signal at any moment stops the process the same way.
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

try {
  starting = startService(loadConfig());
  const service = await starting;
  const { host } = service.services.config;
  const bound = `${host.includes(":") ? `[${host}]` : host}:${new URL(service.url).port}${host === "0.0.0.0" || host === "::" ? ", every interface" : ""}`;
  process.stderr.write(`Patchbay is running at ${service.services.config.baseUrl} (bound to ${bound}).\n`);
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${err.message}\n`);
    process.exit(78);
  }
  if (err instanceof DatabaseUnreachable) {
    process.stderr.write(`Patchbay could not start: ${err.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Patchbay could not start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
}
