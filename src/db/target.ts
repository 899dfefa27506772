/** Which database `DATABASE_URL` points at. */
export interface DatabaseTarget {
  provider: "sqlite" | "postgresql";
  /** sqlite: `file:<path>`; postgresql: the connection string without the `schema` parameter. */
  url: string;
  /** postgresql: the schema to use (the `schema` parameter of the URL), default `public`. */
  schema?: string;
  /** postgresql: how long opening a connection may take before it fails (PATCHBAY_DATABASE_TIMEOUT_SECONDS). */
  connectTimeoutMs?: number;
}

export function databaseTarget(databaseUrl: string): DatabaseTarget {
  if (databaseUrl.startsWith("file:")) return { provider: "sqlite", url: databaseUrl };
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const url = new URL(databaseUrl);
    const schema = url.searchParams.get("schema") ?? undefined;
    url.searchParams.delete("schema");
    // The schema engine runs its DDL on the connection's search_path: point it at the schema too.
    if (schema) url.searchParams.set("options", `-c search_path="${schema.replace(/"/g, '""')}"`);
    return { provider: "postgresql", url: url.toString(), schema };
  }
  throw new Error("must start with file: (SQLite) or postgresql:// (PostgreSQL)");
}
