/**
 * `npm run demo`: the service with the example app (example-api.ts) registered in its catalog, for trying the whole
 * loop on one machine. Demo mode only: private-network calls are allowed (the example app and the receiver are on
 * loopback), the data dir is a fresh temporary one unless PATCHBAY_DATA_DIR is set, and an account and a key are
 * made up front.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../config.js";
import { startService, type RunningService } from "../server.js";
import { compileExtraApp } from "../catalog/extra-apps.js";
import { configureApp } from "../domain/app-settings.js";
import { createAccount } from "../domain/accounts.js";
import { createKey } from "../domain/keys.js";
import { startExampleApi, type ExampleApi } from "./example-api.js";
import { startReceiver, type Receiver } from "./receiver.js";

/** The example app's ids in the catalog: signs in with OAuth 2.0, or with an API key. */
export const EXAMPLE_APP = "example";
export const EXAMPLE_APIKEY_APP = "example_apikey";

export interface Demo {
  service: RunningService;
  example: ExampleApi;
  receiver: Receiver;
  email: string;
  key: string;
  stop(): Promise<void>;
}

export async function startDemo(env: NodeJS.ProcessEnv = process.env, opts: { logStream?: NodeJS.WritableStream } = {}): Promise<Demo> {
  const example = await startExampleApi();
  const receiver = await startReceiver();
  const installed = loadConfig({});
  const ownDataDir = env.PATCHBAY_DATA_DIR ? null : mkdtempSync(join(tmpdir(), "patchbay-demo-"));
  const config = loadConfig({
    PORT: "3000",
    ...env,
    PATCHBAY_DATA_DIR: env.PATCHBAY_DATA_DIR || ownDataDir!,
    // The catalog built for the install, not a second build in the demo's data dir.
    PATCHBAY_CATALOG_DIR: env.PATCHBAY_CATALOG_DIR || installed.catalogDir,
    PATCHBAY_ALLOW_PRIVATE_NETWORK: "1",
  });
  const label = " (example app of the demo, on this machine)";
  const extraApps = [
    compileExtraApp(EXAMPLE_APP, example.description, { name: `Example Tasks${label}`, auth: (m) => m.type === "oauth2" }),
    compileExtraApp(EXAMPLE_APIKEY_APP, example.description, { name: `Example Tasks, API key sign-in${label}`, auth: (m) => m.type === "apiKey" }),
  ];
  let service: RunningService;
  try {
    service = await startService(config, { extraApps, logStream: opts.logStream });
  } catch (err) {
    await example.stop();
    await receiver.stop();
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    throw err;
  }
  const { db, secrets } = service.services;
  await configureApp(db, secrets, EXAMPLE_APP, { ...example.oauthClient, baseUrl: example.url });
  await configureApp(db, secrets, EXAMPLE_APIKEY_APP, { baseUrl: example.url });
  const email = `demo-${Date.now()}@example.invalid`;
  const account = await createAccount(db, email);
  const { key } = await createKey(db, secrets, account.id, "demo");
  return {
    service,
    example,
    receiver,
    email,
    key,
    async stop() {
      await service.stop();
      await example.stop();
      await receiver.stop();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
