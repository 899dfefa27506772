/**
 * Operations the contract marks `x-patchbay-rate-limit: none` are not counted: the health check, which load
 * balancers poll from a few addresses, must not be refused with 429 nor depend on the rate limiter's store.
 * They pass a gate that admits without a caller, so an operation that needs a key can never be opened this way.
 */
import type { Gate } from "../gate/admit.js";

const OPEN: Gate = { admit: async () => ({ caller: null, headers: {} }) };

export const gateFor = (operation: object, gate: Gate): Gate =>
  (operation as { "x-patchbay-rate-limit"?: string })["x-patchbay-rate-limit"] === "none" ? OPEN : gate;
