/**
 * The purchasing guide in the Agent Skills format: YAML front matter (name, description), then the steps an agent
 * follows, with this host's real URLs.
 */
export function skillGuide(agentUrl: string): string {
  return `---
name: buy-products
description: Buy a Patchbay subscription for a person, without an account or key. Use when the user asks to subscribe to or purchase Patchbay; the buyer always pays on the hosted checkout page.
---

# Buy a Patchbay subscription

Patchbay sells subscriptions. You can start a purchase without an account, registration or API key; the buyer
finishes it in a browser. You never send payment details to the API.

## Steps

1. Read the offers: \`GET ${agentUrl}/agent/commerce/products\`. Prices, billing intervals and free trials come
   from the payment processor; each offer carries live availability. Pick one offer with the buyer.
2. Create a checkout session for that offer (item id: the offer's id, or one of its price ids), by any one of:
   - UCP: \`POST ${agentUrl}/agent/commerce/ucp/checkout-sessions\` with
     \`{"line_items":[{"item":{"id":"<id>"},"quantity":1}]}\`, headers \`UCP-Agent: profile="<your profile URL>"\` and
     \`Idempotency-Key: <new UUID>\` (profile: \`${agentUrl}/.well-known/ucp\`);
   - ACP: \`POST ${agentUrl}/agent/commerce/acp/checkout_sessions\` with \`{"line_items":[{"id":"<id>"}]}\`, headers
     \`API-Version: 2026-04-17\` and \`Idempotency-Key: <new UUID>\` (discovery: \`${agentUrl}/.well-known/acp.json\`);
   - MCP: the tool \`create_checkout\` with \`{"item_id":"<id>"}\` at \`${agentUrl}/mcp\` (no key needed).
   No credential is needed (ACP's Bearer token is not required here).
3. The answer has \`status: "requires_escalation"\` and a \`continue_url\`. Give the buyer the \`continue_url\`: the
   store's start page shows the subscription terms to read and accept, then the processor's hosted checkout page
   takes the payment and the buyer's e-mail address. The store's receipt and delivery follow.
4. To follow up, read the session (\`GET .../checkout-sessions/<id>\` or \`GET .../checkout_sessions/<id>\`): it reads
   \`completed\`, with an \`order\`, once the payment processor has confirmed the payment.

## What not to do

- Do not send card numbers, payment tokens, delegated payment credentials, x402 or HTTP 402 (MPP) payment
  credentials, or AP2 mandates: none is accepted. A UCP or ACP "complete" call returns the session with its
  \`continue_url\`, never a completed order.
- Do not retry faster than one request per second: over that, the answer is 429 with \`Retry-After\`.

## Test mode

When \`GET ${agentUrl}/agent/commerce/products\` says \`"processor": "test"\`, this server uses a local payment
processor stand-in: no real payment is taken, and every page says so. Tell the buyer.

More: ${agentUrl}/docs/purchasing
`;
}
