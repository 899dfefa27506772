/** The checkout sessions table: the only code that reads or writes it. */
import type { Db } from "../../db/client.js";
import { base62 } from "../../crypto/random.js";
import type { CheckoutSession } from "../../../generated/prisma/sqlite/client.ts";

export type CheckoutRecord = CheckoutSession;
export type Door = "ucp" | "acp" | "mcp";

/** How long an open session can be continued. */
export const SESSION_TTL_MS = 24 * 3600 * 1000;

export const newCheckoutId = () => `chk_${base62(24)}`;
export const newOrderId = () => `ord_${base62(20)}`;

export interface PriceSnapshot {
  productId: string;
  productName: string;
  priceId: string;
  amount: number;
  currency: string;
  interval: string;
  intervalCount: number;
  trialDays: number;
}

export const insertCheckout = (db: Db, protocol: Door, price: PriceSnapshot) =>
  db.checkoutSession.create({ data: { id: newCheckoutId(), protocol, status: "open", expiresAt: new Date(Date.now() + SESSION_TTL_MS), ...price } });

export const findCheckout = (db: Db, id: string) => db.checkoutSession.findUnique({ where: { id } });

/** Changes an open session that the buyer has not taken to the processor yet; null when it no longer is one. */
export async function repriceCheckout(db: Db, id: string, price: PriceSnapshot): Promise<CheckoutRecord | null> {
  const { count } = await db.checkoutSession.updateMany({ where: { id, status: "open", processorSessionId: null }, data: price });
  return count ? findCheckout(db, id) : null;
}

export async function cancelOpenCheckout(db: Db, id: string): Promise<boolean> {
  const { count } = await db.checkoutSession.updateMany({ where: { id, status: "open" }, data: { status: "canceled", canceledAt: new Date() } });
  return count === 1;
}

export const recordTermsAccepted = (db: Db, id: string, hosted: { id: string; url: string }) =>
  db.checkoutSession.updateMany({ where: { id, status: "open" }, data: { termsAcceptedAt: new Date(), processorSessionId: hosted.id, hostedCheckoutUrl: hosted.url } });

/** A hosted checkout page opened for this session less than `maxAgeMs` ago, to send the buyer to again. */
export const recentHostedCheckout = (s: CheckoutRecord, maxAgeMs: number, now = Date.now()) =>
  s.hostedCheckoutUrl && s.termsAcceptedAt && now - s.termsAcceptedAt.getTime() < maxAgeMs ? s.hostedCheckoutUrl : null;

/** An open session past its time is shown as expired (ACP) or canceled (UCP); nothing else changes. */
export const isExpired = (s: CheckoutRecord, now = Date.now()) => s.status === "open" && s.expiresAt.getTime() <= now;
