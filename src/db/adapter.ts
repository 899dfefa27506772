import type { SqlDriverAdapter, SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { DatabaseTarget } from "./target.js";
import { noteLocalStatement } from "./lean-reads.js";

/** The Prisma driver adapter for the target database (only its own driver is loaded: the embedded start skips pg). */
export async function adapterFactory(target: DatabaseTarget): Promise<SqlDriverAdapterFactory> {
  if (target.provider === "sqlite") {
    const { PrismaBetterSqlite3 } = await import("@prisma/adapter-better-sqlite3");
    return tellingCommits(new PrismaBetterSqlite3({ url: target.url }));
  }
  const { PrismaPg } = await import("@prisma/adapter-pg");
  return tellingCommits(new PrismaPg({ connectionString: target.url, connectionTimeoutMillis: target.connectTimeoutMs }, target.schema ? { schema: target.schema } : undefined));
}

/**
 * The driver adapter, telling the lean reads (lean-reads.ts) each time one of its statements, scripts or transaction
 * steps that may change data has settled, so that rows they remember are read again after any change this process
 * made. A plain SELECT changes nothing and is not told: a process whose background jobs read every second (the
 * poller, the delivery sweeper) would otherwise forget its remembered rows as often.
 */
function tellingCommits(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return new Proxy(factory, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop !== "connect" || typeof value !== "function") return value;
      return async () => settling((await value.call(target)) as SqlDriverAdapter);
    },
  });
}

/** A statement that only reads: Prisma's reads are SELECTs; its writes start with INSERT, UPDATE, DELETE or WITH. */
const readsOnly = (args: unknown[]) => {
  const sql = (args[0] as { sql?: unknown } | undefined)?.sql;
  return typeof sql === "string" && /^\s*SELECT\b/i.test(sql);
};

/** `object` whose methods returning a promise call noteLocalStatement once it settles (a transaction's steps too). */
function settling<T extends object>(object: T): T {
  return new Proxy(object, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const out = value.apply(target, args) as unknown;
        if (!(out instanceof Promise) || (prop === "queryRaw" && readsOnly(args))) return out;
        return out.then(
          (result: unknown) => {
            noteLocalStatement();
            return prop === "startTransaction" && result && typeof result === "object" ? settling(result) : result;
          },
          (err: unknown) => {
            noteLocalStatement();
            throw err;
          },
        );
      };
    },
  });
}
