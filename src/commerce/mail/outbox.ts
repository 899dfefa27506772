/**
 * The store's e-mail outbox: a mail is written in the same transaction as what it reports (one per topic), and the
 * SMTP sender (smtp-sender.ts) sends what is unsent when SMTP_URL is set. Without SMTP_URL the mails stay here,
 * visible to the operator (and the tests).
 */
import type { Db } from "../../db/client.js";
import { base62 } from "../../crypto/random.js";

type Tx = Pick<Db, "outboxEmail">;

export interface Mail {
  topic: string;
  to: string;
  subject: string;
  text: string;
}

export const enqueueMail = (tx: Tx, mail: Mail) => tx.outboxEmail.create({ data: { id: `mail_${base62(24)}`, ...mail } });

export const mailsAbout = (db: Db, topic: string) => db.outboxEmail.findMany({ where: { topic } });

/** Unsent mails with attempts left, oldest first. */
export const unsentMails = (db: Db, maxAttempts: number, take: number) =>
  db.outboxEmail.findMany({ where: { sentAt: null, attempts: { lt: maxAttempts } }, orderBy: { createdAt: "asc" }, take });

/** Claims one attempt at a mail (several instances may drain the same outbox): false when another took it. */
export async function claimMail(db: Db, id: string, attempts: number): Promise<boolean> {
  const { count } = await db.outboxEmail.updateMany({ where: { id, sentAt: null, attempts }, data: { attempts: attempts + 1 } });
  return count === 1;
}

export const markSent = (db: Db, id: string) => db.outboxEmail.update({ where: { id }, data: { sentAt: new Date(), lastError: null } });
export const markFailed = (db: Db, id: string, error: string) => db.outboxEmail.update({ where: { id }, data: { lastError: error.slice(0, 500) } });
