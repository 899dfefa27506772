/**
 * The MCP tool `create_checkout`, offered anonymously by the agent host's /mcp (wired in by the agent host). Its
 * argument is the item id the contract's checkout operations take (schema read from generated/openapi.json), and
 * its answer is the session with `continue_url`; payment material in the arguments is refused with a message.
 */
import { loadDocument } from "../contract/document.js";
import { toApiError } from "../http/errors.js";
import type { Services } from "../services.js";
import { commerceOf, TEST_MODE_NOTICE } from "./commerce.js";
import { createCheckout } from "./create-checkout.js";
import { checkoutView } from "./protocol/checkout-view.js";
import { refusedPayments } from "./refuse-payment.js";

const itemIdSchema = ((loadDocument().components as { schemas: unknown }).schemas as Record<string, { properties: Record<string, unknown> }>)["Commerce.AcpItem"]!.properties.id as Record<string, unknown>;

export interface ToolResult {
  structured: Record<string, unknown>;
  text: string;
  isError?: boolean;
}

export const createCheckoutTool: {
  name: "create_checkout";
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  run(args: unknown, ctx: { services: Services; client: string }): Promise<ToolResult>;
} = {
  name: "create_checkout",
  title: "Start a Patchbay subscription checkout",
  description:
    "Start a checkout for one Patchbay offer (item_id: a product id or price id from GET /agent/commerce/products). No account or key is needed. " +
    "The answer has status requires_escalation and a continue_url: give that URL to the buyer, who accepts the subscription terms and pays on the " +
    "payment processor's hosted page. Never send payment details: card data, payment tokens, x402, HTTP 402 (MPP) credentials and AP2 mandates are not accepted.",
  inputSchema: {
    type: "object",
    properties: { item_id: { ...itemIdSchema, description: "An offer id (product id) or one of its price ids, from GET /agent/commerce/products." } },
    required: ["item_id"],
  },
  outputSchema: {
    type: "object",
    properties: {
      id: { type: "string" },
      status: { type: "string", enum: ["requires_escalation", "completed", "canceled", "expired"] },
      continue_url: { type: "string", format: "uri" },
      offer: { type: "object" },
      terms_url: { type: "string", format: "uri" },
      expires_at: { type: "string", format: "date-time" },
      messages: { type: "array", items: { type: "string" } },
      error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" } } },
    },
  },
  async run(args, { services, client }) {
    const itemId = (args as { item_id?: unknown } | null)?.item_id;
    if (typeof itemId !== "string" || !itemId.trim() || itemId.length > 200) {
      return failure("invalid_request", "item_id is required: an offer id (product id) or price id from GET /agent/commerce/products.");
    }
    try {
      const session = await createCheckout(services, "mcp", itemId.trim());
      services.log.info({ checkout: session.id, client }, "checkout session created over MCP");
      const testMode = commerceOf(services).processor.mode === "test" ? TEST_MODE_NOTICE : null;
      const structured = checkoutView(session, services.config.agentUrl, { refused: refusedPayments(undefined, args), testMode });
      return { structured, text: `Checkout ${structured.id} for ${structured.offer.name} (${structured.offer.price}) is waiting for the buyer: send them to ${structured.continue_url}\n${structured.messages.join("\n")}` };
    } catch (err) {
      const known = toApiError(err);
      if (known && known.status < 500) return failure(known.code, known.message);
      if (known?.code === "upstream_error") return failure(known.code, known.message);
      throw err;
    }
  },
};

function failure(code: string, message: string): ToolResult {
  return { structured: { error: { code, message } }, text: message, isError: true };
}
