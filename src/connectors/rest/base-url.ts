/** The base URL of a REST connector: the one given, else the description's first absolute server URL (variables at their defaults). */
import { invalid } from "../../errors.js";
import { checkOutboundUrl } from "../../net/check-url.js";

export async function restBaseUrl(doc: Record<string, any>, given: string | undefined, allowPrivate: boolean): Promise<string> {
  if (given) return (await checkOutboundUrl("base", given, allowPrivate)).toString().replace(/\/+$/, "");
  const server = Array.isArray(doc.servers) ? doc.servers.find((s: any) => typeof s?.url === "string") : undefined;
  const vars = (server?.variables ?? {}) as Record<string, { default?: unknown }>;
  const url = String(server?.url ?? "").replace(/\{([^}]+)\}/g, (whole, name: string) => (vars[name]?.default !== undefined ? String(vars[name]!.default) : whole));
  if (!/^https?:\/\/[^{}]+$/i.test(url)) {
    throw invalid(`base is required: the description gives no absolute server URL${url ? ` (spec at /servers/0/url: '${url.slice(0, 200)}')` : ""}.`);
  }
  return (await checkOutboundUrl("spec at /servers/0/url", url, allowPrivate)).toString().replace(/\/+$/, "");
}
