/**
 * Purchasing by agents: the offers, and checkout sessions through UCP and ACP. Each handler names its protocol
 * call (headers, Idempotency-Key, the session's shape: src/commerce/protocol/) and the one domain action.
 */
import type { Handler } from "../dispatch/types.js";
import { Reply } from "../dispatch/types.js";
import { commerceOf } from "../commerce/commerce.js";
import { listProducts } from "../commerce/list-products.js";
import { createCheckout } from "../commerce/create-checkout.js";
import { cancelCheckout, changeOffer, completeCheckout, getCheckout } from "../commerce/checkout-actions.js";
import { readCall, writeCall, type ProtocolAnswer } from "../commerce/protocol/protocol-call.js";
import { CommerceError } from "../commerce/protocol/commerce-error.js";

const reply = (answer: ProtocolAnswer) => new Reply(answer.body as never, { status: answer.status, headers: answer.headers });

export const listCommerceProducts: Handler<"listCommerceProducts"> = async (_input, { services }) => ({
  products: await listProducts(services),
  processor: commerceOf(services).processor.mode,
});

export const createUcpCheckoutSession: Handler<"createUcpCheckoutSession"> = async ({ headers, body }, { services }) =>
  reply(await writeCall(services, { protocol: "ucp", operation: "create", sessionId: null, headers, body, status: 201 }, () => createCheckout(services, "ucp", body.line_items[0]!.item.id)));

export const getUcpCheckoutSession: Handler<"getUcpCheckoutSession"> = async ({ headers, path }, { services }) =>
  reply(await readCall(services, "ucp", headers, () => getCheckout(services, path.id)));

export const updateUcpCheckoutSession: Handler<"updateUcpCheckoutSession"> = async ({ headers, path, body }, { services }) =>
  reply(await writeCall(services, { protocol: "ucp", operation: "update", sessionId: path.id, headers, body, status: 200 }, () => changeOffer(services, path.id, body.line_items[0]!.item.id)));

export const completeUcpCheckoutSession: Handler<"completeUcpCheckoutSession"> = async ({ headers, path, body }, { services }) =>
  reply(await writeCall(services, { protocol: "ucp", operation: "complete", sessionId: path.id, headers, body, status: 200 }, () => completeCheckout(services, path.id)));

export const cancelUcpCheckoutSession: Handler<"cancelUcpCheckoutSession"> = async ({ headers, path, body }, { services }) =>
  reply(await writeCall(services, { protocol: "ucp", operation: "cancel", sessionId: path.id, headers, body, status: 200 }, () => cancel(services, path.id, 409)));

export const createAcpCheckoutSession: Handler<"createAcpCheckoutSession"> = async ({ headers, body }, { services }) =>
  reply(await writeCall(services, { protocol: "acp", operation: "create", sessionId: null, headers, body, status: 201 }, () => createCheckout(services, "acp", body.line_items[0]!.id)));

export const updateAcpCheckoutSession: Handler<"updateAcpCheckoutSession"> = async ({ headers, path, body }, { services }) =>
  reply(
    await writeCall(services, { protocol: "acp", operation: "update", sessionId: path.id, headers, body, status: 200 }, () =>
      body.line_items ? changeOffer(services, path.id, body.line_items[0]!.id) : getCheckout(services, path.id),
    ),
  );

export const getAcpCheckoutSession: Handler<"getAcpCheckoutSession"> = async ({ headers, path }, { services }) =>
  reply(await readCall(services, "acp", headers, () => getCheckout(services, path.id)));

export const completeAcpCheckoutSession: Handler<"completeAcpCheckoutSession"> = async ({ headers, path, body }, { services }) =>
  reply(await writeCall(services, { protocol: "acp", operation: "complete", sessionId: path.id, headers, body, status: 200 }, () => completeCheckout(services, path.id)));

export const cancelAcpCheckoutSession: Handler<"cancelAcpCheckoutSession"> = async ({ headers, path, body }, { services }) =>
  reply(await writeCall(services, { protocol: "acp", operation: "cancel", sessionId: path.id, headers, body, status: 200 }, () => cancel(services, path.id, 405)));

/** A paid session cannot be canceled: UCP answers 409, ACP 405 (its "not cancelable"). */
async function cancel(services: Parameters<typeof cancelCheckout>[0], id: string, status: 405 | 409) {
  const { session, refused } = await cancelCheckout(services, id);
  if (refused) throw new CommerceError(status, "not_cancelable", `Checkout session '${id}' is completed (the buyer has paid) and cannot be canceled.`);
  return session;
}
