import { BoundedMemo } from "../bounded-memo.js";

/** The host (`name:port`) of a configured URL, parsed once per value: asked on every request by the doors. */
const hosts = new BoundedMemo<string>(64);

export const hostOf = (url: string): string => hosts.of(url, readHost);

const readHost = (url: string) => new URL(url).host;

/**
 * The agent host when PATCHBAY_AGENT_URL names another host than PATCHBAY_BASE_URL, else null (one host serves both).
 */
export function separateAgentHost(config: { agentUrl: string; baseUrl: string }): string | null {
  const agentHost = hostOf(config.agentUrl);
  return agentHost === hostOf(config.baseUrl) ? null : agentHost;
}
