import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import type { Config } from "../config.js";
import { databaseTarget } from "../db/target.js";
import { migrate } from "../db/migrate.js";
import { openDb } from "../db/client.js";
import { deriveSecrets, loadServerSecret } from "../crypto/secrets.js";

/** The database (migrated) and secrets the CLI works on: the same ones the service uses. */
export async function openCliContext(config: Config) {
  const target = databaseTarget(config.databaseUrl);
  if (target.provider === "sqlite") await mkdir(dirname(target.url.slice("file:".length)), { recursive: true });
  await migrate(target);
  const db = await openDb(target);
  const secrets = deriveSecrets(await loadServerSecret(config.dataDir, config.secret));
  return { db, secrets, close: () => db.$disconnect() };
}
