import { redactUrl, type Config } from "../config.js";
import { openDatabase } from "../db/open-database.js";
import { deriveSecrets, loadServerSecret } from "../crypto/secrets.js";

export type CliContext = Awaited<ReturnType<typeof openCliContext>>;

/** The database (migrated) and secrets the CLI works on: the same ones the service uses. Says which, on stderr. */
export async function openCliContext(config: Config) {
  const database = config.databaseUrl.startsWith("file:") ? `SQLite ${config.databaseUrl.slice(5)}` : `PostgreSQL ${redactUrl(config.databaseUrl)}`;
  console.error(`Database: ${database} (data dir ${config.dataDir})`);
  const { db } = await openDatabase(config.databaseUrl, config.databaseTimeoutMs);
  const secrets = deriveSecrets(await loadServerSecret(config.dataDir, config.secret));
  return { db, secrets, close: () => db.$disconnect() };
}
