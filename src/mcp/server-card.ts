/**
 * The MCP server card (experimental server-card extension): identity, transport and protocol versions, with both
 * ways to pass the key: the Authorization header, or the key in the URL path (a secret template variable).
 */
import { createHash } from "node:crypto";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";

export function buildServerCard(baseUrl: string, version: string) {
  const hostname = new URL(baseUrl).hostname;
  const namespace = hostname.split(".").reverse().join(".").replace(/[^a-zA-Z0-9.-]/g, "-");
  const apiKey = {
    description: "A Patchbay API key (patchbay_sk_...), created on the developer page or with `patchbay key create`.",
    isRequired: true,
    isSecret: true,
    placeholder: "patchbay_sk_...",
  };
  return {
    $schema: "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json",
    name: `${namespace}/patchbay`,
    title: "Patchbay",
    version,
    description: "Connect apps once, then search, inspect and run their tools with one key.",
    websiteUrl: baseUrl,
    remotes: [
      {
        type: "streamable-http",
        url: `${baseUrl}/mcp`,
        supportedProtocolVersions: SUPPORTED_PROTOCOL_VERSIONS,
        headers: [{ name: "Authorization", description: "Bearer authentication with a Patchbay API key.", isRequired: true, isSecret: true, value: "Bearer {api_key}", variables: { api_key: apiKey } }],
      },
      {
        type: "streamable-http",
        url: `${baseUrl}/mcp/k/{api_key}`,
        supportedProtocolVersions: SUPPORTED_PROTOCOL_VERSIONS,
        variables: { api_key: { ...apiKey, description: `${apiKey.description} This URL form carries the key: treat the whole URL as a password.` } },
      },
    ],
  };
}

export const etagOf = (value: unknown) => `"${createHash("sha256").update(JSON.stringify(value)).digest("base64url").slice(0, 27)}"`;
