/** `npm start`: the service on the configuration of the environment (embedded SQLite by default). */
import { ConfigError, loadConfig } from "./config.js";
import { startService } from "./server.js";

try {
  const service = await startService(loadConfig());
  const stop = async (signal: string) => {
    service.services.log.info({ signal }, "stopping");
    await service.stop();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  process.stderr.write(`Patchbay is running at ${service.services.config.baseUrl} (listening on ${service.url}).\n`);
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${err.message}\n`);
    process.exit(78);
  }
  process.stderr.write(`Patchbay could not start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
}
