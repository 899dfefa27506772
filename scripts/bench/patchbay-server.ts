/**
 * Patchbay under test, in its own process: `startService` from src/server.ts with the configuration in the
 * environment (the bench sets a temp data dir, the test catalog dir, the database, Redis, the apps config file).
 * With BENCH_SETUP=1 it also creates the bench account and its key (as the test helpers do) and names the isbndb
 * tool that the bench runs.
 */
import { loadConfig } from "../../src/config.js";
import { startService } from "../../src/server.js";
import { createAccount } from "../../src/domain/accounts.js";
import { createKey } from "../../src/domain/keys.js";
import { toolByHttp } from "../../test/helpers/tools.js";
import { announceReady } from "./child-process.js";

const config = loadConfig({ ...process.env, PORT: "0", HOST: "127.0.0.1" });
const service = await startService(config);
let key: string | null = null;
let tool: string | null = null;
if (process.env.BENCH_SETUP === "1") {
  const account = await createAccount(service.services.db, "bench@example.com");
  key = (await createKey(service.services.db, service.services.secrets, account.id, "bench")).key;
  tool = toolByHttp(service.services.catalog, "isbndb", "GET", "/author/{name}").name;
}
announceReady({ url: service.url, key, tool }, () => service.stop());
