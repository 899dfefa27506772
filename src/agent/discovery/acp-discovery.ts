/**
 * ACP discovery (ACP 2026-04-17) at /.well-known/acp.json, exactly the fields the schema allows
 * (`additionalProperties: false`). How this seller differs from a completing ACP checkout (the buyer pays on the
 * hosted page via `continue_url`; complete returns the session, never a completed order) is stated on the page
 * `documentation_url` names.
 */
export const ACP_VERSION = "2026-04-17";

export const acpDiscovery = (agentUrl: string) => ({
  protocol: { name: "acp", version: ACP_VERSION, supported_versions: [ACP_VERSION], documentation_url: `${agentUrl}/docs/pricing` },
  api_base_url: `${agentUrl}/agent/commerce/acp`,
  transports: ["rest"],
  capabilities: { services: ["checkout"] },
});
