/** Purchasing's configuration: Stripe only with its webhook secret (orders are confirmed only by signed events), and a bad value names its variable. */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

describe("purchasing configuration", () => {
  it("uses the test-mode stand-in when no Stripe key is set", () => {
    expect(loadConfig({}).commerce).toMatchObject({ stripeSecretKey: null, smtpUrl: null, offersTtlMs: 60_000 });
  });

  it("refuses a Stripe key without STRIPE_WEBHOOK_SECRET", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(/^STRIPE_WEBHOOK_SECRET must be set/);
  });

  it("refuses what is not a Stripe secret key, without echoing it", () => {
    const attempt = () => loadConfig({ STRIPE_SECRET_KEY: "pk_live_publishableKey", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/^STRIPE_SECRET_KEY must be a Stripe secret/);
    expect(attempt).not.toThrow(/publishableKey/);
  });

  it("refuses an SMTP_URL that is not smtp(s)://, with its password hidden", () => {
    expect(() => loadConfig({ SMTP_URL: "http://user:hunter2@mail.example" })).toThrow(/^SMTP_URL must be smtp:\/\/.*user:\*\*\*@/);
  });
});
