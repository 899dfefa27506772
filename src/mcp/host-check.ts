/**
 * DNS-rebinding protection for the MCP endpoint: the Host header must name this service (its base or agent URL,
 * or the address it listens on), and an Origin, when sent, must too. Checked before anything else.
 */
import { hostOf } from "../http/host-of.js";

export function allowedHosts(urls: () => string[], listening: () => { port: number } | null): () => Set<string> {
  // Built again only when the URLs or the port change (the base URL is set once the server listens).
  let last: { key: string; hosts: Set<string> } | null = null;
  return () => {
    const current = urls();
    const addr = listening();
    const key = `${current.join(" ")} ${addr?.port ?? ""}`;
    if (last?.key === key) return last.hosts;
    const hosts = new Set(current.map(hostOf));
    if (addr) for (const h of ["127.0.0.1", "localhost", "[::1]"]) hosts.add(`${h}:${addr.port}`);
    last = { key, hosts };
    return hosts;
  };
}

/** null when the request may go on, else the reason to refuse it with 403. */
export function checkHostAndOrigin(host: string | undefined, origin: string | undefined, allowed: Set<string>): string | null {
  if (!host || !allowed.has(host.toLowerCase())) {
    return `Invalid Host header: ${host ?? "(none)"}. This MCP server answers for ${[...allowed].join(", ")}; behind a proxy or on another name, set PATCHBAY_BASE_URL to the address clients use.`;
  }
  if (origin) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return `Invalid Origin header: ${origin}`;
    }
    if (!allowed.has(originHost)) return `Invalid Origin header: ${origin}`;
  }
  return null;
}
