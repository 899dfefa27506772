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
const heapSample = process.env.BENCH_HEAP_SAMPLE ? await startHeapSampling(process.env.BENCH_HEAP_SAMPLE) : null;
announceReady({ url: service.url, key, tool }, async () => {
  await heapSample?.();
  await service.stop();
});

/**
 * BENCH_HEAP_SAMPLE=<file> (profile.ts --heap-sample): samples what the server allocates, including what the garbage
 * collector has freed since (every allocation, not only what is alive at the end), and writes it as a .heapprofile
 * (open it in Chrome's DevTools, Memory) when the server stops.
 */
async function startHeapSampling(file: string): Promise<() => Promise<void>> {
  const { Session } = await import("node:inspector/promises");
  const { writeFileSync } = await import("node:fs");
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
  return async () => {
    const { profile } = (await session.post("HeapProfiler.stopSampling")) as { profile: unknown };
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
