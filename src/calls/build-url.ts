/** The URL of a call: the app's base URL plus a path that cannot leave it (no `..`, no other host, no scheme). */
import { invalid } from "../errors.js";

export function buildUrl(baseUrl: string, path: string, query: Record<string, unknown> = {}): URL {
  const base = new URL(baseUrl);
  const raw = path.split(/[?#]/)[0];
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) {
    throw invalid(`path must be a path relative to the app's base URL, starting with a single '/'; got '${path}'.`);
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw invalid(`path has a malformed percent-encoding: '${path}'.`);
  }
  if (decoded.split("/").some((segment) => segment === ".." || segment === ".")) {
    throw invalid(`path cannot contain '.' or '..' segments: '${path}'.`);
  }
  const basePath = base.pathname.replace(/\/+$/, "");
  const url = new URL(base.origin + basePath + raw);
  if (url.origin !== base.origin || !url.pathname.startsWith(basePath + "/")) {
    throw invalid(`path leaves the app's base URL: '${path}'.`);
  }
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, typeof item === "object" ? JSON.stringify(item) : String(item));
  }
  return url;
}
