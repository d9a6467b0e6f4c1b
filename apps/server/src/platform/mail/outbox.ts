import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Db, Executor } from '../db.ts';
import { enqueueJob, type JobHandler } from '../jobs/queue.ts';

export const MAIL_QUEUE = 'mail.deliver';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Writes the mail to the outbox in the caller's transaction and queues its delivery. */
export async function queueMail(executor: Executor, mail: OutgoingMail): Promise<number> {
  const [row] = await executor.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  await enqueueJob(executor, MAIL_QUEUE, { outboxId: row.id });
  return row.id;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
}

/**
 * Delivers outbox mails over SMTP when SMTP_URL is set; without it the mail stays
 * in the outbox (status `logged`) and is printed to the log so a developer can read it.
 */
export function createMailDelivery(db: Db, options: MailerOptions): { handler: JobHandler; close(): void } {
  const smtpUrl = options.smtpUrl;
  // nodemailer loads with the first mail, not with every start.
  let transport: Promise<Transporter> | undefined;
  const smtp = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));

  const handler: JobHandler = async (payload, job) => {
    const id = Number(payload.outboxId);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!mail || mail.status === 'sent' || mail.status === 'logged') return;
    if (!smtpUrl) {
      options.logger.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail kept in outbox (no SMTP_URL)');
      await db.update(mailOutbox).set({ status: 'logged' }).where(eq(mailOutbox.id, id));
      return;
    }
    try {
      const info = await (
        await smtp()
      ).sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), messageId: info.messageId, lastError: null })
        .where(eq(mailOutbox.id, id));
    } catch (error) {
      await db
        .update(mailOutbox)
        .set({
          status: job.lastAttempt ? 'failed' : 'pending',
          lastError: error instanceof Error ? error.message : String(error),
        })
        .where(eq(mailOutbox.id, id));
      throw error;
    }
  };

  return { handler, close: () => void transport?.then((opened) => opened.close()) };
}
