/**
 * The processor's signed `checkout.session.completed`: the one way an order is confirmed. In one transaction the
 * event id is recorded (a replayed event changes nothing), the session becomes `completed` with an order id and
 * the buyer's e-mail, and the receipt with the sign-up link goes to the outbox.
 */
import type { Services } from "../services.js";
import { commerceOf } from "./commerce.js";
import { enqueueMail } from "./mail/outbox.js";
import { receiptMail } from "./mail/receipt-mail.js";
import type { CompletedCheckout } from "./processor/read-event.js";
import { newOrderId } from "./store/checkout-sessions.js";

export type Confirmation = "confirmed" | "replayed" | "already_completed" | "unknown_session";

export async function confirmOrder(services: Services, event: { id: string; type: string }, checkout: CompletedCheckout): Promise<Confirmation> {
  const { db, config } = services;
  const testMode = commerceOf(services).processor.mode === "test";
  try {
    return await db.$transaction(async (tx) => {
      if (await tx.commerceWebhookEvent.findUnique({ where: { id: event.id } })) return "replayed";
      await tx.commerceWebhookEvent.create({ data: { id: event.id, type: event.type } });
      const session =
        (checkout.reference ? await tx.checkoutSession.findUnique({ where: { id: checkout.reference } }) : null) ??
        (await tx.checkoutSession.findUnique({ where: { processorSessionId: checkout.processorSessionId } }));
      if (!session) return "unknown_session";
      if (session.status === "completed") return "already_completed";
      const orderId = newOrderId();
      // A session canceled by the agent while the buyer was paying is still an order: the buyer has paid.
      const done = await tx.checkoutSession.update({
        where: { id: session.id },
        data: { status: "completed", orderId, buyerEmail: checkout.email, completedAt: new Date(), processorSessionId: checkout.processorSessionId, canceledAt: null },
      });
      if (checkout.email) await enqueueMail(tx, receiptMail({ ...done, orderId }, checkout.email, config, testMode));
      return "confirmed";
    });
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") return "replayed"; // the same event, handled at the same moment elsewhere
    throw err;
  }
}
