/**
 * Delivery: once the processor's signed webhook confirms an order, the receipt with the sign-up link for the plan is
 * in the outbox and, with SMTP_URL set, sent through that server (a loopback SMTP stand-in here); a refused mail
 * stays in the outbox with the reason.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { completedEvent, createAcp, sendWebhook } from "./support/agent-calls.js";
import { startSmtpStandIn, type SmtpStandIn } from "./support/smtp-stand-in.js";

let smtp: SmtpStandIn;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await startTestServer({ SMTP_URL: smtp.url, PATCHBAY_MAIL_FROM: "Patchbay Store <store@patchbay.test>" });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function buy(email: string) {
  const created = await createAcp(server, "prod_patchbay_team");
  const event = completedEvent(`evt_${randomUUID()}`, created.body.id, `cs_test_${randomUUID()}`, email);
  expect((await sendWebhook(server, event)).status).toBe(200);
  return created.body.id as string;
}

const outbox = (id: string) => server.service.services.db.outboxEmail.findFirst({ where: { topic: `receipt:${id}` } });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the receipt e-mail", () => {
  it("is sent through SMTP_URL to the purchaser, with the order and the sign-up link for the plan, and marked sent", async () => {
    const id = await buy("team-buyer@example.com");
    const mail = await until(async () => smtp.mails.find((m) => m.to.includes("<team-buyer@example.com>")), Boolean);
    expect(mail).toBeDefined();
    expect(mail!.from).toBe("<store@patchbay.test>");
    expect(mail!.data).toContain("Subject: [TEST MODE] Your Patchbay subscription: Patchbay Team");
    const row = await until(() => outbox(id), (r) => Boolean(r?.sentAt));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(mail!.data.replace(/=\n/g, "").replace(/=3D/g, "=")).toContain(`/sign-up?plan=prod_patchbay_team&order=${(await server.service.services.db.checkoutSession.findUnique({ where: { id } }))!.orderId}`);
  });

  it("a mail the SMTP server refuses stays unsent in the outbox, with the reason and the attempt counted", async () => {
    smtp.refuseWith = "550 5.1.1 mailbox unavailable";
    try {
      const id = await buy("nobody@example.com");
      const row = await until(() => outbox(id), (r) => Boolean(r?.lastError));
      expect(row).toMatchObject({ sentAt: null, attempts: 1 });
      expect(row!.lastError).toMatch(/550/);
    } finally {
      smtp.refuseWith = null;
    }
  });
});
