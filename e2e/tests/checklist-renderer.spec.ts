import { expect, test } from '@playwright/test';
import { prepareForSave } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import QRCode from 'qrcode';
import { callApi, chooseLanguage, chooseSkin, expectAccessible, logIn, plural, text } from './support.ts';

const r = (key: string) => text('en', 'checklist-renderer', key);
const b = (key: string) => text('en', 'builder', key);

/**
 * The checklist renderer's barcode reader, from the builder's preview (a QR question answers without
 * any inspection source): its ZXing WASM comes from Vigil's own origin, is allowed by the page's policy,
 * and reads a QR code from a photo of it.
 */
test("the scanner loads its WASM from Vigil's own origin and reads a QR code from a photo", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|wasm|WebAssembly/i.test(message.text())) refused.push(message.text());
  });

  await logIn(page);
  const title = `Scanner check ${Date.now().toString(36)}`;
  const created = await callApi<{ id: string; revision: number }>(page, 'POST', '/checklist/template/new', { title });
  const doc = buildDocument([{ id: 'tags', type: 'page', title: 'Tags', children: [{ id: 'tag', type: 'qr', title: 'Pump tag' }] }], {
    title,
  });
  await callApi(page, 'POST', `/checklist/template/${created.id}`, { ...prepareForSave(doc), revision: created.revision });
  await page.goto(`/checklist/template/${created.id}/edit`);
  await page.getByRole('button', { name: b('toolbar.preview') }).click();
  const phone = page.getByTestId('preview-frame');
  await expect(phone).toBeVisible({ timeout: 30_000 });
  const tag = phone.getByTestId('checklist-item').filter({ hasText: 'Pump tag' });

  const wasm = page.waitForResponse((response) => response.url().endsWith('.wasm'));
  await tag.getByRole('button', { name: r('scan.scan') }).click();
  const loaded = await wasm;
  expect(new URL(loaded.url()).origin).toBe(origin);
  expect(loaded.status()).toBe(200);
  expect(loaded.headers()['content-type']).toContain('application/wasm');

  const dialog = page.getByRole('dialog', { name: r('scan.title_qr') });
  // The reader is ready once compiled: the page's policy allows the compilation.
  await expect(dialog.getByRole('button', { name: r('scan.from_photo') })).toBeVisible();
  await expect(dialog.getByText(r('scan.reader_failed'))).toHaveCount(0);
  const photo = await QRCode.toBuffer('VIGIL-PUMP-7', { type: 'png', width: 320, margin: 4 });
  await dialog.getByLabel(r('scan.from_photo')).setInputFiles({ name: 'tag.png', mimeType: 'image/png', buffer: photo });
  await expect(dialog).toHaveCount(0);
  await expect(tag.getByRole('textbox')).toHaveValue('VIGIL-PUMP-7');

  expect(refused).toEqual([]);
  expect(foreign).toEqual([]);
});

/** A page of the renderer's structures and controls, as the preview shows them, scanned for accessibility in two skins and in Arabic. */
for (const [language, skin] of [
  ['en', 'dark'],
  ['ar', 'light'],
] as const) {
  test(`the renderer's structures and controls are accessible (${language}, ${skin})`, async ({ page }) => {
    test.setTimeout(180_000);
    await logIn(page);
    if (language !== 'en') await chooseLanguage(page, language);
    const title = `Renderer check ${language} ${Date.now().toString(36)}`;
    const created = await callApi<{ id: string; revision: number }>(page, 'POST', '/checklist/template/new', { title });
    const doc = buildDocument(
      [
        {
          id: 'rounds',
          type: 'page',
          title: 'Rounds',
          children: [
            { id: 'how', type: 'instruction', title: 'How to check', options: { info_id: 'info-1' } },
            {
              id: 'room',
              type: 'section',
              title: 'Room',
              options: { repeatable: true, repeatable_settings: { min: 1, max: 3 } },
              children: [
                { id: 'exit', type: 'yesno', title: 'Exit clear?', options: { require_note: true, enable_score: true } },
                { id: 'count', type: 'number', title: 'Extinguishers', options: { enable_rating: true } },
              ],
            },
            { id: 'shot', type: 'photo', title: 'Front view' },
            { id: 'tag', type: 'qr', title: 'Pump tag' },
            { id: 'month', type: 'datetime', title: 'Month', options: { date_time_shape: 'month_day', default_value: null } },
            { id: 'sig', type: 'signature', title: 'Inspector' },
          ],
        },
      ],
      { title, info: [{ uuid: 'info-1', items: [{ type: 'text', content: '<p>Open <strong>every</strong> door.</p>' }] }] },
    );
    await callApi(page, 'POST', `/checklist/template/${created.id}`, { ...prepareForSave(doc), revision: created.revision });
    await page.goto(`/checklist/template/${created.id}/edit`);
    await chooseSkin(page, skin);
    await page.getByRole('button', { name: text(language, 'builder', 'toolbar.preview'), exact: true }).click();
    const phone = page.getByTestId('preview-frame');
    await expect(phone).toBeVisible({ timeout: 30_000 });
    const t = (key: string, params: Record<string, string> = {}) => text(language, 'checklist-renderer', key, params);
    await phone.getByRole('button', { name: t('repeat.add', { title: 'Room' }) }).click();
    await expect(phone.getByText('Extinguishers')).toHaveCount(2);
    await phone
      .getByRole('button', { name: t('extras.add_note') })
      .first()
      .click();
    await page.mouse.move(0, 0);
    await expectAccessible(page, `the renderer (${language}, ${skin})`, { include: '[data-testid="preview-frame"]' });
    await phone.getByRole('button', { name: plural(language, 'checklist-renderer', 'step', 1, { current: '1' }) }).click();
    await expect(phone.getByTestId('checklist-page-entry')).toBeVisible();
    await page.mouse.move(0, 0);
    await expectAccessible(page, `the page list (${language}, ${skin})`, { include: '[data-testid="preview-frame"]' });
  });
}
