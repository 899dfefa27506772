/**
 * Purchasing's HTTP parts outside the contract's JSON operations: the protocol error shapes of the UCP and ACP
 * operations (wrapped around them), the buyer's pages behind continue_url, the stand-in's hosted checkout page and
 * the processor webhook (`POST /commerce/webhook`, signature over the raw body).
 */
import Router from "@koa/router";
import { bodyParser } from "@koa/bodyparser";
import type Koa from "koa";
import type { Services } from "../services.js";
import { ApiError } from "../errors.js";
import { readRawBody } from "../events/inbound/read-raw-body.js";
import { commerceOf } from "./commerce.js";
import { startMailSender } from "./mail/smtp-sender.js";
import { showReceipt, showTerms } from "./pages/receipt-page.js";
import { showStartPage, submitTerms } from "./pages/start-page.js";
import { BadSignature } from "./processor/read-event.js";
import { showPayPage, submitPayment } from "./processor/stand-in/pay-page.js";
import { STAND_IN_PATH } from "./processor/stand-in/stand-in-processor.js";
import { productsFile, readProductsFile } from "./processor/stand-in/products-file.js";
import { protocolErrors } from "./protocol/protocol-errors.js";
import { receiveWebhook } from "./receive-webhook.js";

export interface CommerceRuntime {
  routes: Koa.Middleware;
  stop(): Promise<void>;
}

/** The routes, and the outbox's SMTP sender when SMTP_URL is set. */
export function startCommerce(services: Services): CommerceRuntime {
  const mailer = startMailSender(services);
  const commerce = commerceOf(services);
  commerce.mailer = mailer;
  // Read the offers once now: the stand-in writes its products file on first start, and a bad file or Stripe key
  // shows in the log at once rather than at the first agent's request.
  if (commerce.processor.mode === "test") {
    readProductsFile(services.config.dataDir).catch((err) => services.log.error({ file: productsFile(services.config.dataDir), problem: (err as Error).message }, "the store's products file cannot be read"));
  } else {
    commerce.offers.list().catch((err) => services.log.error({ problem: (err as Error).message }, "the offers cannot be read from Stripe"));
  }
  const form = bodyParser({ enableTypes: ["form"], formLimit: "16kb" });
  const router = new Router();
  router.get("/store/terms", (ctx) => showTerms(services, ctx));
  router.get("/store/checkout/:id", (ctx) => showStartPage(services, ctx));
  router.post("/store/checkout/:id", form, (ctx) => submitTerms(services, ctx));
  router.get("/store/checkout/:id/receipt", (ctx) => showReceipt(services, ctx));
  router.get(`${STAND_IN_PATH}/:token`, (ctx) => showPayPage(services, ctx));
  router.post(`${STAND_IN_PATH}/:token`, form, (ctx) => submitPayment(services, ctx));
  router.post("/commerce/webhook", async (ctx) => {
    const raw = (await readRawBody(ctx.req)).toString("utf8");
    try {
      ctx.body = { received: true, ...(await receiveWebhook(services, raw, ctx.get("stripe-signature") || undefined)) };
    } catch (err) {
      if (err instanceof BadSignature) throw new ApiError("invalid_request", err.message);
      throw err;
    }
  });
  const routes = router.routes() as unknown as Koa.Middleware;
  return {
    routes: (ctx, next) => protocolErrors(ctx, () => routes(ctx, next)),
    stop: async () => {
      await mailer?.stop();
    },
  };
}
