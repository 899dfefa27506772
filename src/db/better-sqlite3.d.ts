/** The few parts of better-sqlite3 (installed by Prisma's SQLite adapter, which ships no types for it) used here. */
declare module "better-sqlite3" {
  interface Statement {
    get(...params: unknown[]): unknown;
    all(...params: unknown[]): unknown[];
    run(...params: unknown[]): { changes: number };
    /** Returns only the first column of rows. */
    pluck(toggle?: boolean): Statement;
  }
  interface Options {
    readonly?: boolean;
    fileMustExist?: boolean;
    timeout?: number;
  }
  class Database {
    constructor(filename: string, options?: Options);
    prepare(sql: string): Statement;
    /** Whether a transaction is open on the connection. */
    readonly inTransaction: boolean;
    close(): void;
  }
  export default Database;
}
