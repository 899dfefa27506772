/** Runs the provider-fixture self-test alone, without the repo's globalSetup (catalog build): `npx vitest run --config test/fixtures-selftest/vitest.config.ts`. */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/fixtures-selftest/**/*.test.ts"],
    testTimeout: 30_000,
  },
});
