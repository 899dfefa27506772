/**
 * The UCP business profile (UCP 2026-04-08) at /.well-known/ucp: the REST shopping service under
 * {agent_url}/agent/commerce/ucp and the checkout capability. No payment handlers: the buyer always pays on the
 * processor's hosted page through the session's `continue_url` (checkout answers `requires_escalation`).
 */
export const UCP_VERSION = "2026-04-08";

export function ucpProfile(agentUrl: string) {
  return {
    ucp: {
      version: UCP_VERSION,
      services: {
        "dev.ucp.shopping": [
          {
            version: UCP_VERSION,
            spec: `https://ucp.dev/${UCP_VERSION}/specification/overview`,
            transport: "rest",
            endpoint: `${agentUrl}/agent/commerce/ucp`,
            schema: `https://ucp.dev/${UCP_VERSION}/services/shopping/rest.openapi.json`,
          },
        ],
      },
      capabilities: {
        "dev.ucp.shopping.checkout": [
          { version: UCP_VERSION, spec: `https://ucp.dev/${UCP_VERSION}/specification/checkout`, schema: `https://ucp.dev/${UCP_VERSION}/schemas/shopping/checkout.json` },
        ],
      },
      payment_handlers: {},
    },
    signing_keys: [],
  };
}
