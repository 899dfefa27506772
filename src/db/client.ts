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
    return new Client({ adapter });
  }
  const { PrismaClient: Client } = await import("../../generated/prisma/postgresql/client.ts");
  return new Client({ adapter }) as unknown as Db;
}
