/**
 * The Prisma client for the target database. One client is generated per provider (generated/prisma/<provider>);
 * their model types are the same, so the rest of the code uses the SQLite client's types.
 */
import type { PrismaClient } from "../../generated/prisma/sqlite/client.ts";
import type { DatabaseTarget } from "./target.js";
import { adapterFactory } from "./adapter.js";

export type Db = PrismaClient;

export async function openDb(target: DatabaseTarget): Promise<Db> {
  const adapter = adapterFactory(target);
  if (target.provider === "sqlite") {
    const { PrismaClient: Client } = await import("../../generated/prisma/sqlite/client.ts");
    const client = new Client({ adapter });
    // WAL: readers do not block the writer, and a commit needs one sync instead of two (measured: events
    // delivered per second more than doubled). busy_timeout: a second process (the CLI) waits instead of failing.
    await client.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    await client.$queryRawUnsafe("PRAGMA busy_timeout = 5000");
    return client;
  }
  const { PrismaClient: Client } = await import("../../generated/prisma/postgresql/client.ts");
  return new Client({ adapter }) as unknown as Db;
}
