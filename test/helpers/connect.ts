/** Connecting an app with an API key the way a user does: a sign-in link, then its form posted with the secret. */
import { expect } from "vitest";
import type { TestServer } from "./server.js";

export async function connectWithSecret(server: TestServer, key: string, app = "stripe", secret = "sk_test_x"): Promise<void> {
  const link = await server.call("POST", `/api/v1/apps/${app}/connect`, { key, body: {} });
  expect(link.status).toBe(201);
  const res = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ secret }) });
  expect(res.status).toBe(200);
}
