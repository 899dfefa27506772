/**
 * A start-up step after migrations: rows written before secrets were protected at rest still hold them in clear
 * (inbound webhook tokens, whole run results). SQL cannot compute a keyed fingerprint or seal a value, so this moves
 * them here, once: the clear columns are null afterwards and the step finds nothing on the next start.
 */
import type { Db } from "./db/client.js";
import type { Secrets } from "./crypto/secrets.js";
import type { DatabaseTarget } from "./db/target.js";
import { protectLegacyInboundTokens } from "./events/store/triggers.js";
import { sealLegacyRunResults } from "./domain/runs.js";

export async function protectLegacyRows(db: Db, secrets: Secrets, provider: DatabaseTarget["provider"]) {
  const pending = (await db.trigger.count({ where: { inboundToken: { not: null } } })) + (await db.run.count({ where: { result: { not: null } } }));
  if (!pending) return { inboundTokens: 0, runResults: 0 };
  // SQLite keeps a cleared value's bytes in the page's free space unless told to overwrite them, and in the WAL
  // until a checkpoint.
  if (provider === "sqlite") await db.$queryRawUnsafe("PRAGMA secure_delete = ON");
  const moved = { inboundTokens: await protectLegacyInboundTokens(db, secrets), runResults: await sealLegacyRunResults(db, secrets) };
  if (provider === "sqlite") {
    await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    await db.$queryRawUnsafe("PRAGMA secure_delete = OFF");
  }
  return moved;
}
