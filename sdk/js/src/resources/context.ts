import type { Config } from "../../../../generated/client/client/index.js";

/**
 * The per-instance settings every call passes to the generated functions: base URL, key, fetch and headers.
 * They go with each call rather than through a `client` option, because the generated client spreads its options
 * into the `Request` init, and Deno reads a `client` field there (a `Deno.HttpClient`) and throws.
 */
export interface Context {
  settings: Pick<Config, "baseUrl" | "auth" | "fetch"> & { headers: Record<string, string> };
}
