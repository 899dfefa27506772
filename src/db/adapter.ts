import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { DatabaseTarget } from "./target.js";

/** The Prisma driver adapter for the target database. */
export function adapterFactory(target: DatabaseTarget) {
  if (target.provider === "sqlite") return new PrismaBetterSqlite3({ url: target.url });
  return new PrismaPg({ connectionString: target.url, connectionTimeoutMillis: target.connectTimeoutMs }, target.schema ? { schema: target.schema } : undefined);
}
