/** HTTP calls to a running test server; every answer is checked against the contract. */
import { assertMatchesContract } from "./contract.js";

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as is (for malformed-body tests). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export function client(baseUrl: string, defaultKey?: string) {
  return async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
    const key = opts.key === undefined ? defaultKey : opts.key;
    if (key) headers.authorization = `Bearer ${key}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] ??= "application/json";
    }
    const res = await fetch(baseUrl + path, { method, headers, body });
    const text = await res.text();
    const contentType = res.headers.get("content-type");
    const parsed = contentType?.includes("json") && text ? JSON.parse(text) : text;
    assertMatchesContract(method, path, res.status, parsed, contentType);
    return { status: res.status, headers: res.headers, body: parsed as T };
  };
}
