/**
 * Sends the outbox through SMTP (nodemailer) when SMTP_URL is set: every few seconds, and at once when a mail is
 * written. Each mail gets up to 5 attempts; an attempt is claimed first, so several instances never send one twice
 * at the same time.
 */
import type { Transporter } from "nodemailer";
import type { Services } from "../../services.js";
import { claimMail, markFailed, markSent, unsentMails } from "./outbox.js";

const MAX_ATTEMPTS = 5;
const EVERY_MS = 5000;

export interface MailSender {
  /** Send what is waiting now (without waiting for the next round). */
  kick(): void;
  stop(): Promise<void>;
}

export function startMailSender(services: Services): MailSender | null {
  const { smtpUrl, mailFrom } = services.config.commerce;
  if (!smtpUrl) return null;
  // nodemailer is loaded on the first round, not at start.
  let transport: Promise<Transporter> | null = null;
  const transportOf = () => (transport ??= import("nodemailer").then((m) => m.default.createTransport(smtpUrl)));
  let running: Promise<void> | null = null;
  let stopped = false;
  const drain = async () => {
    for (const mail of await unsentMails(services.db, MAX_ATTEMPTS, 20)) {
      if (stopped) return;
      if (!(await claimMail(services.db, mail.id, mail.attempts))) continue;
      try {
        await (await transportOf()).sendMail({ from: mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
        await markSent(services.db, mail.id);
      } catch (err) {
        services.log.warn({ mail: mail.id, attempt: mail.attempts + 1, err: (err as Error).message }, "sending a store e-mail failed");
        await markFailed(services.db, mail.id, (err as Error).message);
      }
    }
  };
  const kick = () => {
    if (stopped || running) return;
    running = drain()
      .catch((err) => services.log.error({ err }, "the mail sender failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(kick, EVERY_MS);
  timer.unref();
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      (await transport)?.close();
    },
  };
}
