/** The host (`name:port`) of a configured URL, parsed once per value: asked on every request by the doors. */
const hosts = new Map<string, string>();

export function hostOf(url: string): string {
  let host = hosts.get(url);
  if (host === undefined) {
    host = new URL(url).host;
    if (hosts.size >= 64) hosts.clear(); // configured URLs are few; never grow without bound
    hosts.set(url, host);
  }
  return host;
}

/**
 * The agent host when PATCHBAY_AGENT_URL names another host than PATCHBAY_BASE_URL, else null (one host serves both).
 */
export function separateAgentHost(config: { agentUrl: string; baseUrl: string }): string | null {
  const agentHost = hostOf(config.agentUrl);
  return agentHost === hostOf(config.baseUrl) ? null : agentHost;
}
