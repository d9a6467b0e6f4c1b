import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/harness.ts';
import { deadLetterQueue, enqueueJob, openJobQueue } from '../jobs/queue.ts';
import { createMailDelivery, MAIL_QUEUE, queueMail, requeueStrandedMail, STRANDED_MAIL_LOCK } from './outbox.ts';

const MAIL_FROM = 'Vigil Test <no-reply@vigil.test>';

/** A real SMTP server: keeps every message it accepts and refuses recipients whose address starts with `refuse-`. */
let smtp: SMTPServer;
let port: number;
const received: Array<{ envelopeTo: string[]; raw: string }> = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refuse-')) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

async function parsedMailTo(address: string): Promise<ParsedMail | undefined> {
  const message = received.find((m) => m.envelopeTo.includes(address));
  return message ? simpleParser(message.raw) : undefined;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((entry) => entry.value.map((v) => v.address));

async function outboxRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

async function deliveryJob(t: TestApp, outboxId: number, queue = MAIL_QUEUE) {
  const [job] = await t.worker.boss.findJobs(queue, { data: { outboxId } });
  return job;
}

/** As if the retry delay had passed. */
const makeDue = (t: TestApp) => t.database.db.execute(sql`update pgboss.job set start_after = now() where name = ${MAIL_QUEUE}`);

describe('with SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM } });
  });
  afterAll(() => t.close());

  it('delivers a queued mail over SMTP and marks the outbox row sent', async () => {
    const to = uniqueEmail('reader');
    const id = await queueMail(t.database.db, {
      to,
      subject: 'Inspection overdue: Pump 7 — “Nord”',
      text: 'The inspection of Pump 7 is overdue.\nPlease start it today.',
      html: '<p>The inspection of <b>Pump 7</b> is overdue.</p>',
    });
    expect((await outboxRow(t, id)).status).toBe('pending');
    expect(await parsedMailTo(to)).toBeUndefined();

    expect(await t.worker.drain()).toBeGreaterThanOrEqual(1);

    const mail = await parsedMailTo(to);
    expect(mail).toBeDefined();
    expect(addressesOf(mail!.to)).toEqual([to]);
    expect(mail!.from?.value).toEqual([{ address: 'no-reply@vigil.test', name: 'Vigil Test' }]);
    expect(mail!.subject).toBe('Inspection overdue: Pump 7 — “Nord”');
    expect(mail!.text?.trim()).toBe('The inspection of Pump 7 is overdue.\nPlease start it today.');
    expect(mail!.html).toContain('<b>Pump 7</b>');

    const row = await outboxRow(t, id);
    expect(row.status).toBe('sent');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.lastError).toBeNull();
    expect(row.messageId).toBeTruthy();
    expect(row.messageId).toBe(mail!.messageId);
    expect((await deliveryJob(t, id)).state).toBe('completed');
  });

  it('sends each mail once, even when drained again', async () => {
    const to = uniqueEmail('once');
    const id = await queueMail(t.database.db, { to, subject: 'Once', text: 'Only once.' });
    await t.worker.drain();
    await t.worker.drain();
    expect(received.filter((m) => m.envelopeTo.includes(to))).toHaveLength(1);
    // A stray second delivery job for an already-sent mail does nothing.
    await enqueueJob(t.database.db, MAIL_QUEUE, { outboxId: id });
    await t.worker.drain();
    expect(received.filter((m) => m.envelopeTo.includes(to))).toHaveLength(1);
  });

  it('writes nothing when the transaction that queues the mail rolls back', async () => {
    const to = uniqueEmail('rolled-back');
    let id: number | undefined;
    await t.database.db
      .transaction(async (tx) => {
        id = await queueMail(tx, { to, subject: 'Never', text: 'Never sent.' });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(id).toBeGreaterThan(0);
    expect(await outboxRow(t, id!)).toBeUndefined();
    expect(await deliveryJob(t, id!)).toBeUndefined();
    await t.worker.drain();
    expect(await parsedMailTo(to)).toBeUndefined();
  });

  it('retries when the SMTP server refuses, records the failure, and moves the job to the dead-letter queue after the last attempt', async () => {
    const to = `refuse-${uniqueEmail('x')}`;
    const id = await queueMail(t.database.db, { to, subject: 'Refused', text: 'Nobody reads this.' });
    const before = Date.now();
    await t.worker.drain();

    const job = await deliveryJob(t, id);
    expect(job.state).toBe('retry');
    expect(job.output).toMatchObject({ message: expect.stringMatching(/Mailbox unavailable/) });
    expect(job.startAfter.getTime()).toBeGreaterThan(before);
    const row = await outboxRow(t, id);
    expect(row.status).toBe('pending');
    expect(row.lastError).toMatch(/Mailbox unavailable/);
    expect(await parsedMailTo(to)).toBeUndefined();

    for (let retry = 1; retry <= job.retryLimit; retry += 1) {
      await makeDue(t);
      expect(await t.worker.drain()).toBe(1);
    }
    expect(await deliveryJob(t, id)).toMatchObject({ state: 'failed', retryCount: job.retryLimit });
    expect(await outboxRow(t, id)).toMatchObject({ status: 'failed', sentAt: null });
    expect((await deliveryJob(t, id, deadLetterQueue(MAIL_QUEUE))).data).toEqual({ outboxId: id });
    await makeDue(t);
    expect(await t.worker.drain()).toBe(0);
  });

  it('delivers a mail exactly once when the worker dies between taking its job and sending it', async () => {
    const to = uniqueEmail('survivor');
    const id = await queueMail(t.database.db, { to, subject: 'Survives', text: 'Sent once.' });

    // Another server takes the job and dies before delivering: its pg-boss stops without finishing the job.
    const dying = createMailDelivery(t.database.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: MAIL_FROM, logger: t.app.log });
    const crashed = await openJobQueue(t.database, [{ name: MAIL_QUEUE, handler: dying.handler }], { logger: t.app.log, supervise: false });
    const [taken] = await crashed.boss.fetch(MAIL_QUEUE);
    expect(taken.data).toEqual({ outboxId: id });
    await crashed.boss.stop({ graceful: false });
    await crashed.stop();

    // This server's worker leaves the job alone while the dead one might still be sending...
    expect(await t.worker.drain()).toBe(0);
    expect((await deliveryJob(t, id)).state).toBe('active');
    // ...until the job's time-out has passed: maintenance then hands it back for a retry.
    await t.database.db.execute(sql`update pgboss.job set started_on = now() - interval '1 hour' where id = ${taken.id}`);
    await t.worker.boss.supervise(MAIL_QUEUE);
    expect((await deliveryJob(t, id)).state).toBe('retry');
    await makeDue(t);
    expect(await t.worker.drain()).toBe(1);
    await makeDue(t);
    await t.worker.drain();

    expect(received.filter((m) => m.envelopeTo.includes(to))).toHaveLength(1);
    expect((await outboxRow(t, id)).status).toBe('sent');
    expect((await deliveryJob(t, id)).state).toBe('completed');
  });
});

describe('mail left without a delivery job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM } });
  });
  afterAll(() => t.close());

  const writeRow = async (to: string, status: 'pending' | 'sent' = 'pending') => {
    const [row] = await t.database.db.insert(mailOutbox).values({ to, subject: 'Stranded', text: 'Lost its job.', status }).returning();
    return row.id;
  };
  const jobsOf = (queue: string, outboxId: number) => t.worker.boss.findJobs(queue, { data: { outboxId } });

  it('queues delivery again only for pending mail with no job waiting, running or given up, once however many servers start', async () => {
    const strandedTo = uniqueEmail('stranded');
    const stranded = await writeRow(strandedTo);
    const alreadySent = await writeRow(uniqueEmail('sent'), 'sent');
    const waiting = await queueMail(t.database.db, { to: uniqueEmail('waiting'), subject: 'Waiting', text: 'Has its job.' });
    const givenUp = await writeRow(uniqueEmail('given-up'));
    await t.worker.boss.send(deadLetterQueue(MAIL_QUEUE), { outboxId: givenUp });

    // Two servers starting at once: the second waits for the first and finds nothing left to queue.
    const counts = await Promise.all([requeueStrandedMail(t.database.db), requeueStrandedMail(t.database.db)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await jobsOf(MAIL_QUEUE, stranded)).toHaveLength(1);
    expect(await jobsOf(MAIL_QUEUE, waiting)).toHaveLength(1);
    expect(await jobsOf(MAIL_QUEUE, alreadySent)).toEqual([]);
    expect(await jobsOf(MAIL_QUEUE, givenUp)).toEqual([]);

    await t.worker.drain();
    expect(received.filter((m) => m.envelopeTo.includes(strandedTo))).toHaveLength(1);
    expect((await outboxRow(t, stranded)).status).toBe('sent');
    expect(await requeueStrandedMail(t.database.db)).toBe(0);
  });

  it('waits for a server that is queuing the same mail at that moment, so the mail is queued once', async () => {
    const id = await writeRow(uniqueEmail('raced'));
    let requeued: Promise<number> | undefined;
    await t.database.db.transaction(async (tx) => {
      // The other server, half-way: it holds the lock and has queued the mail, not yet committed.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${STRANDED_MAIL_LOCK}))`);
      await enqueueJob(tx, MAIL_QUEUE, { outboxId: id });
      requeued = requeueStrandedMail(t.database.db);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await requeued).toBe(0);
    expect(await jobsOf(MAIL_QUEUE, id)).toHaveLength(1);
  });
});

describe('without SMTP_URL', () => {
  it('keeps the mail in the outbox as logged and sends nothing', async () => {
    const t = await createTestApp({ env: { MAIL_FROM } });
    try {
      const to = uniqueEmail('nobody-listens');
      const id = await queueMail(t.database.db, { to, subject: 'Kept', text: 'Read me in the log.' });
      const count = received.length;
      await t.worker.drain();
      const row = await outboxRow(t, id);
      expect(row).toMatchObject({ status: 'logged', to, subject: 'Kept', text: 'Read me in the log.', sentAt: null, messageId: null });
      expect((await deliveryJob(t, id)).state).toBe('completed');
      expect(received.slice(count).filter((m) => m.envelopeTo.includes(to))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
