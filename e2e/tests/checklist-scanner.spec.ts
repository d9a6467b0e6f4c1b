import { expect, test } from '@playwright/test';
import { prepareForSave } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import QRCode from 'qrcode';
import { callApi, logIn, text } from './support.ts';

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
