/**
 * The embedded default processor: a local stand-in in TEST MODE, started inside the service when no Stripe key is
 * configured. Offers come from the data dir's products file; its hosted checkout page (pay-page.ts) collects the
 * buyer's e-mail, takes no real payment, and reports completion as a webhook signed with the stand-in's own secret.
 */
import { base62 } from "../../../crypto/random.js";
import type { Secrets } from "../../../crypto/secrets.js";
import type { HostedCheckout, HostedCheckoutRequest, Offer, PaymentProcessor } from "../processor.js";
import { sealCheckout } from "./checkout-token.js";
import { ApiError } from "../../../errors.js";
import { ProductsFileError, readProductsFile } from "./products-file.js";

export const STAND_IN_PATH = "/commerce/test-processor/checkout";

export interface StandInProcessor extends PaymentProcessor {
  readonly mode: "test";
  /** The key the hosted checkout tokens are signed with. */
  readonly tokenKey: string;
}

export function standInProcessor(opts: { dataDir: string; secrets: Secrets; pageBase: () => string }): StandInProcessor {
  const tokenKey = opts.secrets.fingerprint("commerce:test-processor:checkout-token");
  return {
    mode: "test",
    tokenKey,
    webhookSecret: `whsec_test_${opts.secrets.fingerprint("commerce:test-processor:webhook").slice(0, 40)}`,
    async listOffers(): Promise<Offer[]> {
      try {
        return await readProductsFile(opts.dataDir);
      } catch (err) {
        // The file's problem (with its path) is the operator's business: logged at start-up, not told to agents.
        if (err instanceof ProductsFileError) throw new ApiError("service_unavailable", "The offers cannot be read now: the store's products file is invalid. The operator has been told.");
        throw err;
      }
    },
    async startHostedCheckout(request: HostedCheckoutRequest): Promise<HostedCheckout> {
      const id = `cs_test_${base62(24)}`;
      const token = sealCheckout(tokenKey, { id, ...request, expiresAt: Math.floor(Date.now() / 1000) + 24 * 3600 });
      return { id, url: `${opts.pageBase()}${STAND_IN_PATH}/${token}` };
    },
  };
}
