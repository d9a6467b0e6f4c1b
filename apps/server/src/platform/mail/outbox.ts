import { and, eq, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Db, Executor } from '../db.ts';
import { deadLetterQueue, enqueueJob, type JobHandler } from '../jobs/queue.ts';

export const MAIL_QUEUE = 'mail.deliver';
/** The advisory lock a server holds while it queues stranded mail. */
export const STRANDED_MAIL_LOCK = 'mail-outbox:requeue-stranded';

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

/**
 * Queues delivery again for outbox mails left pending with no job to deliver them: none waiting, retrying
 * or running, and none given up in the dead-letter queue (as the jobs dropped with the old jobs table in
 * migration 0015 left them). Run when the job queue opens; the lock keeps two servers starting at once from
 * queuing a mail twice. Answers how many it queued.
 */
export async function requeueStrandedMail(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${STRANDED_MAIL_LOCK}))`);
    const deliveryJob = sql`(select 1 from pgboss.job j
      where j.data->>'outboxId' = ${mailOutbox.id}::text
        and (j.name = ${deadLetterQueue(MAIL_QUEUE)} or (j.name = ${MAIL_QUEUE} and j.state in ('created', 'retry', 'active'))))`;
    const stranded = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), notExists(deliveryJob)));
    for (const { id } of stranded) await enqueueJob(tx, MAIL_QUEUE, { outboxId: id });
    return stranded.length;
  });
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
