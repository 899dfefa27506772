/**
 * The MCP server card (experimental server-card extension): identity, transport and protocol versions. The agent
 * host's /mcp takes the key as an optional header (without it: an anonymous session with the public tools); the
 * base host's /mcp, when it is another host, requires it; the URL form carries the key as a secret template variable.
 */
import { createHash } from "node:crypto";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";

export function buildServerCard(urls: { baseUrl: string; agentUrl: string }, version: string) {
  const { baseUrl, agentUrl } = urls;
  const hostname = new URL(baseUrl).hostname;
  const namespace = hostname.split(".").reverse().join(".").replace(/[^a-zA-Z0-9.-]/g, "-");
  const apiKey = {
    description: "A Patchbay API key (patchbay_sk_...), created on the developer page or with `patchbay key create`.",
    isRequired: true,
    isSecret: true,
    placeholder: "patchbay_sk_...",
  };
  const authorization = (isRequired: boolean, description: string) => ({
    name: "Authorization",
    description,
    isRequired,
    isSecret: true,
    value: "Bearer {api_key}",
    variables: { api_key: { ...apiKey, isRequired } },
  });
  const remote = { type: "streamable-http" as const, supportedProtocolVersions: SUPPORTED_PROTOCOL_VERSIONS };
  return {
    $schema: "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json",
    name: `${namespace}/patchbay`,
    title: "Patchbay",
    version,
    description: "Connect apps once, then search, inspect and run their tools with one key.",
    websiteUrl: baseUrl,
    remotes: [
      {
        ...remote,
        url: `${agentUrl}/mcp`,
        headers: [
          authorization(
            false,
            "Optional. With a Patchbay API key, every tool for the key's account. Without one, an anonymous session: search_apps, find_tools, get_tool and create_checkout over the public catalog, rate limited per client.",
          ),
        ],
      },
      ...(agentUrl === baseUrl ? [] : [{ ...remote, url: `${baseUrl}/mcp`, headers: [authorization(true, "Bearer authentication with a Patchbay API key.")] }]),
      {
        ...remote,
        url: `${baseUrl}/mcp/k/{api_key}`,
        variables: { api_key: { ...apiKey, description: `${apiKey.description} This URL form carries the key: treat the whole URL as a password.` } },
      },
    ],
  };
}

export const etagOf = (value: unknown) => `"${createHash("sha256").update(JSON.stringify(value)).digest("base64url").slice(0, 27)}"`;
