import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Language } from '@vigil/contracts';
import { buildDocument } from '@vigil/checklist/fixtures';
import QRCode from 'qrcode';
import { callApi, chooseLanguage, chooseSkin, expectAccessible, logIn, plural, publishTemplate, text } from './support.ts';

/** Poppler's PDF rasteriser: installed on the developers' machines, perhaps not on CI's. */
const PDFTOPPM = '/usr/bin/pdftoppm';

/** A forklift check: a scored yes/no (No fails), the driver, its tag's code, a photo and a drawn signature. */
function publishedTemplate(page: Page, title: string): Promise<string> {
  const doc = buildDocument(
    [
      {
        id: 'checks',
        type: 'page',
        title: 'Checks',
        children: [
          { id: 'damage', type: 'yesno', title: 'Damage found?', options: { enable_score: true } },
          { id: 'driver', type: 'textAnswer', title: 'Driver', options: { required: true } },
          { id: 'tag', type: 'qr', title: 'Forklift tag' },
          { id: 'photo', type: 'photo', title: 'Mast photo' },
          { id: 'sign', type: 'signature', title: 'Driver signature' },
        ],
      },
    ],
    { title },
  );
  return publishTemplate(page, title, doc);
}

const item = (page: Page, id: string) => page.locator(`[data-testid="checklist-item"][data-item-id="${id}"]`);
const answerRow = (page: Page, key: string) => page.locator(`[data-testid="report-answer"][data-key="${key}"]`);

function words(language: Language) {
  return {
    ins: (key: string, params: Record<string, string> = {}) => text(language, 'inspections', key, params),
    renderer: (key: string, params: Record<string, string> = {}) => text(language, 'checklist-renderer', key, params),
  };
}

/** Whether a picture on the page has loaded (it has pixels). */
const loaded = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0));

async function expectSaved(page: Page, language: Language) {
  await expect(page.getByTestId('inspection-save-state')).toHaveText(words(language).ins('save.saved'), { timeout: 15_000 });
}

/** Draws a stroke across the signature pad, as a finger or a mouse would. */
async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(box.x + box.width * (0.15 + step * 0.05), box.y + box.height * (0.6 - 0.25 * Math.sin(step / 2)));
  }
  await page.mouse.up();
}

test('an inspection with a photo and a drawn signature is reported, printed to PDF, shared with someone signed out, then corrected with its history', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const { ins, renderer } = words('en');
  await logIn(page);
  const title = `Forklift report ${Date.now().toString(36)}`;
  const templateId = await publishedTemplate(page, title);
  const { id } = await callApi<{ id: string }>(page, 'POST', '/inspections/new', { template_id: templateId });
  await page.goto(`/inspections/${id}`);
  await expectSaved(page, 'en');

  // Answered on the screen: No fails the scored question; the tag's code typed where the camera cannot
  // read it; a photo from a file; a signature drawn on the pad.
  await item(page, 'damage').getByText(renderer('choices.no'), { exact: true }).click();
  await item(page, 'driver').getByRole('textbox').fill('Ada Lovelace');
  await expect(item(page, 'tag').getByRole('button', { name: renderer('scan.scan') })).toBeVisible();
  await item(page, 'tag').getByRole('textbox').fill('FORKLIFT-7');
  const photo = await QRCode.toBuffer('FORKLIFT-MAST-3', { type: 'png', width: 480, margin: 4 });
  await item(page, 'photo')
    .getByLabel(renderer('media.choose_photo'))
    .setInputFiles({ name: 'mast.png', mimeType: 'image/png', buffer: photo });
  await expect(item(page, 'photo').locator('img')).toHaveCount(1, { timeout: 30_000 });
  await item(page, 'sign')
    .getByRole('button', { name: renderer('signature.sign') })
    .click();
  const signing = page.getByRole('dialog', { name: renderer('signature.title') });
  await drawSignature(page);
  await signing.getByLabel(renderer('signature.name')).fill('Ada Lovelace');
  await signing.getByRole('button', { name: renderer('signature.save') }).click();
  await expect(signing).toHaveCount(0, { timeout: 30_000 });
  await expect(item(page, 'sign').getByTestId('checklist-signature')).toBeVisible();
  await expectSaved(page, 'en');

  await page
    .locator('.inspection-header')
    .getByRole('button', { name: ins('screen.finish') })
    .click();
  await page
    .getByRole('dialog')
    .filter({ hasText: ins('finish.confirm_title') })
    .getByRole('button', { name: ins('screen.finish') })
    .click();
  await expect(page.getByRole('heading', { name: ins('completed.title') })).toBeVisible();

  // "See the answers" is the report: failed items up front, the photo and the signature loaded.
  await page.getByRole('button', { name: ins('completed.show_answers') }).click();
  await expect(page).toHaveURL(new RegExp(`/inspections/${id}/view-report$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('report-failed')).toContainText(plural('en', 'inspections', 'report.failed_title', 1));
  await expect(page.getByTestId('report-failed-item')).toContainText('Damage found?');
  await expect(answerRow(page, 'tag')).toContainText('FORKLIFT-7');
  await expect(
    answerRow(page, 'photo').getByRole('img', { name: ins('report.picture', { index: '1', total: '1', title: 'Mast photo' }) }),
  ).toBeVisible();
  await expect(answerRow(page, 'sign').getByRole('img', { name: ins('report.signature_image', { name: 'Ada Lovelace' }) })).toBeVisible();
  await expect.poll(() => loaded(page, '[data-testid="report"] img')).toBe(true);

  // The PDF: made by the server's Chromium from the print view, followed to the end and downloaded.
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: ins('pdf.export') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `${title} #${(await callApi<{ number: number }>(page, 'GET', `/inspections/${id}`)).number}.pdf`,
  );
  const folder = mkdtempSync(join(tmpdir(), 'vigil-report-'));
  const pdf = join(folder, 'report.pdf');
  await download.saveAs(pdf);
  expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByTestId('report-pdf-download')).toBeVisible();
  if (existsSync(PDFTOPPM)) {
    // Its first page as a picture: a page of text and images makes a PNG of some size, a blank one a few KB.
    execFileSync(PDFTOPPM, ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, join(folder, 'first-page')]);
    expect(statSync(join(folder, 'first-page.png')).size).toBeGreaterThan(15_000);
  } else {
    test.info().annotations.push({
      type: 'skipped step',
      description: `${PDFTOPPM} (poppler-utils) is not installed: the PDF's first page was not rendered`,
    });
  }

  // A share link, shown once; someone signed out (a browser of their own) reads the report through it.
  const shares = page.getByTestId('report-shares');
  await shares.getByRole('button', { name: ins('shares.create') }).click();
  const made = page.getByRole('dialog').filter({ hasText: ins('shares.made_title') });
  const url = (await made.getByTestId('share-url').textContent())!.trim();
  expect(url).toMatch(/\/shared\/inspections\/[A-Za-z0-9_-]{65}$/);
  await made.getByRole('button', { name: ins('shares.done') }).click();
  await expect(shares.getByTestId('share-row')).toHaveCount(1);
  const sharedPath = new URL(url).pathname;
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  try {
    await visitor.goto(sharedPath);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByTestId('report-failed-item')).toContainText('Damage found?');
    await expect(visitor.getByRole('button', { name: ins('pdf.export') })).toBeVisible();
    await expect(visitor.getByRole('button', { name: ins('report.edit') })).toHaveCount(0);
    await expect(visitor.getByTestId('report-shares')).toHaveCount(0);
    await expect.poll(() => loaded(visitor, '[data-testid="report"] img')).toBe(true);
    const pictures = await visitor
      .locator('[data-testid="report"] img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    expect(pictures.every((src) => src.includes('/api/shared/inspections/'))).toBe(true);

    // Corrected after completion by the administrator: the history says who changed what.
    await page.getByRole('button', { name: ins('report.edit') }).click();
    await expect(page).toHaveURL(new RegExp(`/inspections/${id}$`));
    await expect(page.getByText(/changes are recorded in the history/)).toBeVisible();
    await item(page, 'driver').getByRole('textbox').fill('Grace Hopper');
    await expectSaved(page, 'en');
    await page.getByRole('link', { name: ins('screen.back_to_report') }).click();
    const history = page.getByTestId('report-history');
    await expect(history.getByTestId('history-change')).toHaveCount(1);
    await expect(history.getByTestId('history-change')).toContainText('Driver');
    await expect(history.getByTestId('history-diff').locator('del')).toHaveText('Ada Lovelace');
    await expect(history.getByTestId('history-diff').locator('ins')).toHaveText('Grace Hopper');

    // Revoked after confirming: the link no longer opens the report.
    await shares.getByRole('button', { name: /^Revoke the link created/ }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: ins('shares.revoke_title') })
      .getByRole('button', { name: ins('shares.revoke') })
      .click();
    await expect(shares.getByTestId('share-status')).toHaveText(ins('shares.status.revoked'));
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: ins('shared.invalid_title') })).toBeVisible();
    await expect(visitor).toHaveURL(new RegExp(`${sharedPath}$`));
  } finally {
    await stranger.close();
  }
});

test('in Arabic with the dark skin on a phone, the report and its shared page read right to left and pass the accessibility scan, and the print view uses its own Arabic font', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { ins } = words('ar');
  await logIn(page);
  const title = `تقرير الرافعة ${Date.now().toString(36)}`;
  const templateId = await publishedTemplate(page, title);
  const { id } = await callApi<{ id: string }>(page, 'POST', '/inspections/new', { template_id: templateId });
  await callApi(page, 'PUT', `/inspections/${id}/answers`, {
    change_id: crypto.randomUUID(),
    changes: [
      { key: 'damage', answer: { value: 'no', note: 'خدش على السارية' } },
      { key: 'driver', answer: { value: 'آدا' } },
    ],
  });
  await callApi(page, 'POST', `/inspections/${id}/finish`);
  const share = await callApi<{ url: string }>(page, 'POST', `/inspections/${id}/shares`, {});
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
  });

  await chooseLanguage(page, 'ar');
  await chooseSkin(page, 'dark');
  try {
    await page.goto(`/inspections/${id}/view-report`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('report-failed')).toContainText(plural('ar', 'inspections', 'report.failed_title', 1));
    const sideways = await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the report in Arabic, dark, on a phone');
    await page.getByRole('button', { name: ins('report.collapse_all') }).click();
    await expect(answerRow(page, 'damage')).toBeHidden();
    await page.getByRole('button', { name: ins('report.expand_all') }).click();
    await expect(answerRow(page, 'damage')).toBeVisible();

    // Its PDF, printed in Arabic: the Arabic font is the page's own, embedded in the file.
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: ins('pdf.export') }).click();
    const pdf = join(mkdtempSync(join(tmpdir(), 'vigil-report-ar-')), 'report.pdf');
    await (await downloading).saveAs(pdf);
    expect(readFileSync(pdf).includes('NotoSansArabic')).toBe(true);

    await page.goto(new URL(share.url).pathname);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectAccessible(page, 'the shared report in Arabic, dark, on a phone');

    // The print view: the language of its query, its own font for Arabic, and the ready signal.
    await page.goto(`${new URL(share.url).pathname}?print=1&lang=ar&tz=Asia/Riyadh`);
    await expect(page.locator('html')).toHaveAttribute('data-report-ready', 'true', { timeout: 30_000 });
    await expect(page.getByRole('button')).toHaveCount(0);
    const arabicFont = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some((face) => face.family.replace(/['"]/g, '') === 'Noto Sans Arabic' && face.status === 'loaded');
    });
    expect(arabicFont).toBe(true);
    expect(foreign).toEqual([]);
  } finally {
    await page.goto('/dashboard');
    await chooseSkin(page, 'light');
    await chooseLanguage(page, 'en');
  }
});
