import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, inspectionPdfs, inspectionShares } from '../../db/schema/index.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { createTestApp, type Agent, type SignedIn, type TestApp } from '../../test/harness.ts';
import {
  answer,
  finish,
  json,
  publishedTemplate,
  pumpCheckDocument,
  saveAnswers,
  startInspection,
  uploadedMedia,
} from '../../test/inspections.ts';
import { injectedApi, startPrintView, type PrintView } from '../../test/print-view.ts';

const CHROMIUM = '/usr/bin/chromium';
const makeDue = (t: TestApp) => t.database.db.execute(sql`update pgboss.job set start_after = now() where name = 'inspections.pdf'`);

async function reportWithPictures(agent: Agent, templateId: string) {
  const inspection = await startInspection(agent, templateId);
  const photo = await uploadedMedia(agent, inspection.id);
  const drawing = await uploadedMedia(agent, inspection.id);
  const saved = await saveAnswers(agent, inspection.id, [
    answer('pressure', 3),
    answer('why', 'Routine', { media: [drawing] }),
    answer('ok', 'yes'),
    answer('done', true, { note: 'Checked' }),
    answer('reading@1', 2),
    answer('photo', [photo]),
  ]);
  expect(saved.statusCode, saved.body).toBe(200);
  return finish(agent, inspection.id);
}

const pdfRows = (t: TestApp, workspaceId: string) =>
  t.database.db.select().from(inspectionPdfs).where(eq(inspectionPdfs.workspaceId, workspaceId));

/** Skipped only where the machine has no Chromium, saying why (docs/operations.md "PDF reports"). */
const hasChromium = existsSync(CHROMIUM);
const withChromium = hasChromium
  ? 'the PDF job with the system Chromium'
  : `the PDF job with the system Chromium: skipped, no ${CHROMIUM} on this machine (apt-get install -y chromium)`;

describe.skipIf(!hasChromium)(withChromium, () => {
  let t: TestApp;
  let admin: SignedIn;
  let templateId: string;
  let view: PrintView;
  beforeAll(async () => {
    view = await startPrintView();
    t = await createTestApp({ env: { INTERNAL_URL: view.url, CHROMIUM_PATH: CHROMIUM } });
    view.api = injectedApi(t.app);
    admin = await t.asAdmin();
    templateId = await publishedTemplate(admin.agent, pumpCheckDocument());
  });
  afterAll(async () => {
    await t.close();
    await view.close();
  });

  it('prints the print view through a link of its own, with its pictures and Arabic text, and keeps the PDF', async () => {
    const inspection = await reportWithPictures(admin.agent, templateId);
    const arabic = t.agent({ language: 'ar' });
    await arabic.post('/api/login', { email: admin.email, password: admin.password });
    const asked = await arabic.post(`/api/inspections/${inspection.id}/pdf`, { time_zone: 'Asia/Riyadh' });
    expect(asked.statusCode, asked.body).toBe(200);
    const job = json(asked).data;
    expect(job).toMatchObject({ status: 'queued', progress: 0, file: null, revision: inspection.revision });

    const started = Date.now();
    expect(await t.worker.drain()).toBeGreaterThanOrEqual(1);
    const took = Date.now() - started;
    const done = json(await arabic.get(`/api/inspections/pdf/${job.job_id}`)).data;
    expect(done).toMatchObject({
      status: 'completed',
      step: 'done',
      progress: 1,
      failure: null,
      message: null,
      finished_at: expect.any(String),
    });
    expect(done.file).toEqual({ name: `Pump check #${inspection.number}.pdf`, size: expect.any(Number) });

    const [opened] = view.opened.slice(-1);
    expect(opened.pathname).toMatch(/^\/shared\/inspections\/[A-Za-z0-9_-]{65}$/);
    expect(Object.fromEntries(opened.searchParams)).toEqual({ print: '1', lang: 'ar', tz: 'Asia/Riyadh' });
    // The print view's own link is gone once printed.
    const renderToken = opened.pathname.split('/').pop()!;
    expect((await t.agent().get(`/api/shared/inspections/${renderToken}`)).statusCode).toBe(404);
    const renderLinks = await t.database.db
      .select()
      .from(inspectionShares)
      .where(and(eq(inspectionShares.workspaceId, admin.workspaceId), eq(inspectionShares.purpose, 'render')));
    expect(renderLinks).toEqual([]);

    const file = await arabic.get(`/api/inspections/pdf/${job.job_id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment;/);
    const bytes = file.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(done.file.size);
    // The Arabic font the page laid its text with is embedded, and the pictures (an /Image XObject each).
    expect(bytes.includes('NotoSansArabic')).toBe(true);
    expect(bytes.toString('latin1').match(/\/Subtype\s*\/Image/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    console.info(`PDF of a small report: ${took} ms including Chromium's launch, ${bytes.length} bytes`);

    // Stored as a file of the workspace, made for the member.
    const [row] = await pdfRows(t, admin.workspaceId);
    const [stored] = await t.database.db
      .select()
      .from(files)
      .where(and(eq(files.workspaceId, admin.workspaceId), eq(files.id, row.fileId!)));
    expect(stored).toMatchObject({ mime: 'application/pdf', uploadedBy: admin.userId, size: bytes.length });

    // Asking again for the same revision answers the PDF made; someone else may not read it.
    expect(json(await arabic.post(`/api/inspections/${inspection.id}/pdf`, { time_zone: 'Asia/Riyadh' })).data.job_id).toBe(job.job_id);
    const member = await t.asMember(admin.workspaceId);
    expect((await member.agent.get(`/api/inspections/pdf/${job.job_id}`)).statusCode).toBe(404);
    expect((await member.agent.get(`/api/inspections/pdf/${job.job_id}/file`)).statusCode).toBe(404);
  });

  it("prints a share link's PDF for its signed-out reader", async () => {
    const inspection = await reportWithPictures(admin.agent, templateId);
    const { token } = json(await admin.agent.post(`/api/inspections/${inspection.id}/shares`, {})).data;
    const visitor = t.agent();
    const job = json(await visitor.post(`/api/shared/inspections/${token}/pdf`, {})).data;
    await t.worker.drain();
    expect(json(await visitor.get(`/api/shared/inspections/${token}/pdf/${job.job_id}`)).data).toMatchObject({
      status: 'completed',
      progress: 1,
    });
    const file = await visitor.get(`/api/shared/inspections/${token}/pdf/${job.job_id}/file`);
    expect([file.statusCode, file.rawPayload.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);
    expect(view.opened.at(-1)!.searchParams.get('tz')).toBe('UTC');
  });

  it("fails with a message in the reader's language when the page signals an error, after its retry", async () => {
    const inspection = await reportWithPictures(admin.agent, templateId);
    view.mode = 'error';
    try {
      const german = t.agent({ language: 'de' });
      await german.post('/api/login', { email: admin.email, password: admin.password });
      const job = json(await german.post(`/api/inspections/${inspection.id}/pdf`, {})).data;
      await t.worker.drain();
      expect(json(await german.get(`/api/inspections/pdf/${job.job_id}`)).data.status).toBe('running');
      await makeDue(t);
      await t.worker.drain();
      expect(json(await german.get(`/api/inspections/pdf/${job.job_id}`)).data).toMatchObject({
        status: 'failed',
        failure: 'inspections.pdf_failed',
        message: 'Das PDF konnte nicht erstellt werden. Versuchen Sie es später erneut.',
      });
      expect((await german.get(`/api/inspections/pdf/${job.job_id}/file`)).statusCode).toBe(404);
    } finally {
      view.mode = 'ready';
    }
  });

  it('removes PDFs past their time with their files, and with their inspection', async () => {
    const inspection = await reportWithPictures(admin.agent, templateId);
    const job = json(await admin.agent.post(`/api/inspections/${inspection.id}/pdf`, {})).data;
    await t.worker.drain();
    const [row] = (await pdfRows(t, admin.workspaceId)).filter((pdf) => pdf.id === job.job_id);
    const [stored] = await t.database.db
      .select()
      .from(files)
      .where(and(eq(files.workspaceId, admin.workspaceId), eq(files.id, row.fileId!)));
    const bytesAt = join(t.config.STORAGE_DIR, stored.path);
    expect(existsSync(bytesAt)).toBe(true);
    await t.database.db
      .update(inspectionPdfs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(inspectionPdfs.workspaceId, admin.workspaceId), eq(inspectionPdfs.id, row.id)));
    expect((await admin.agent.get(`/api/inspections/pdf/${job.job_id}/file`)).statusCode).toBe(404);
    await enqueueJob(t.database.db, 'inspections.pdf.sweep', {});
    await t.worker.drain();
    expect((await pdfRows(t, admin.workspaceId)).map((pdf) => pdf.id)).not.toContain(row.id);
    expect(
      await t.database.db
        .select()
        .from(files)
        .where(and(eq(files.workspaceId, admin.workspaceId), eq(files.id, row.fileId!))),
    ).toEqual([]);
    expect(existsSync(bytesAt)).toBe(false);

    const kept = json(await admin.agent.post(`/api/inspections/${inspection.id}/pdf`, {})).data;
    await t.worker.drain();
    const [keptRow] = (await pdfRows(t, admin.workspaceId)).filter((pdf) => pdf.id === kept.job_id);
    expect((await admin.agent.delete(`/api/inspections/${inspection.id}`)).statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(files)
        .where(and(eq(files.workspaceId, admin.workspaceId), eq(files.id, keptRow.fileId!))),
    ).toEqual([]);
  });
});

describe('the PDF job without Chromium', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
    admin = await t.asAdmin();
  });
  afterAll(() => t.close());

  it("fails at once, without retries, saying so in the reader's language", async () => {
    const templateId = await publishedTemplate(admin.agent, pumpCheckDocument());
    const inspection = await startInspection(admin.agent, templateId);
    const french = t.agent({ language: 'fr' });
    await french.post('/api/login', { email: admin.email, password: admin.password });
    const job = json(await french.post(`/api/inspections/${inspection.id}/pdf`, {})).data;
    await t.worker.drain();
    expect(json(await french.get(`/api/inspections/pdf/${job.job_id}`)).data).toMatchObject({
      status: 'failed',
      step: 'queued',
      failure: 'inspections.pdf_unavailable',
      message:
        "Les rapports PDF ne sont pas disponibles sur ce serveur : Chromium n'est pas installé. Demandez à votre administrateur de l'installer.",
      file: null,
    });
    const [queued] = await t.worker.boss.findJobs('inspections.pdf', {});
    expect(queued.state).toBe('completed');
  });
});
