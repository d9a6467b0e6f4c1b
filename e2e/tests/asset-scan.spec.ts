import { expect, test } from '@playwright/test';
import { buildDocument } from '@vigil/checklist/fixtures';
import QRCode from 'qrcode';
import { callApi, logIn, publishTemplate, text } from './support.ts';

const r = (key: string, params: Record<string, string> = {}) => text('en', 'checklist-renderer', key, params);
const ins = (key: string) => text('en', 'inspections', key);

/**
 * Issue 14 in an inspection: the asset question picks the asset whose printed label is scanned. The
 * label's QR code holds the asset's public URL (`{PUBLIC_URL}/assets/{id}`, as the PDF sheet prints
 * it); the scanner reads it from a photo, the camera's fallback, here.
 */
test('an asset label scanned in an inspection picks the asset; a label of nothing Vigil knows is said so', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await logIn(page);
  const suffix = Date.now().toString(36);
  const type = await callApi<{ id: string }>(page, 'POST', '/assets/types/new', { name: `Forklifts ${suffix}` });
  const asset = await callApi<{ id: string }>(page, 'POST', '/assets/new', {
    asset_id: `FL-${suffix}`,
    display_name: `Yard forklift ${suffix}`,
    type_id: type.id,
  });
  const title = `Label scan ${suffix}`;
  const doc = buildDocument(
    [{ id: 'start', type: 'start_page', title: 'Title page', children: [{ id: 'unit', type: 'asset', title: 'Which forklift' }] }],
    {
      title,
    },
  );
  const templateId = await publishTemplate(page, title, doc);
  const inspection = await callApi<{ id: string }>(page, 'POST', '/inspections/new', { template_id: templateId });

  await page.goto(`/inspections/${inspection.id}`);
  const unit = page.locator('[data-testid="checklist-item"][data-item-id="unit"]');
  const scan = async (code: string) => {
    await unit.getByRole('button', { name: r('asset.scan') }).click();
    const dialog = page.getByRole('dialog', { name: r('asset.scan_title') });
    await expect(dialog.getByRole('button', { name: r('scan.from_photo') })).toBeVisible({ timeout: 30_000 });
    const photo = await QRCode.toBuffer(code, { type: 'png', width: 320, margin: 4 });
    await dialog.getByLabel(r('scan.from_photo')).setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: photo });
    return dialog;
  };

  const stranger = await scan('PALLET-99');
  await expect(stranger.getByText(r('asset.unknown_label', { code: 'PALLET-99' }))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(stranger).toHaveCount(0);

  const label = await scan(`${new URL(baseURL!).origin}/assets/${asset.id}`);
  await expect(label).toHaveCount(0);
  await expect(unit).toContainText(`FL-${suffix} · Yard forklift ${suffix}`);
  await expect(page.getByTestId('inspection-save-state')).toHaveText(ins('save.saved'), { timeout: 15_000 });
  // Saved as the answer: a reload shows the same asset.
  await page.reload();
  await expect(unit).toContainText(`FL-${suffix} · Yard forklift ${suffix}`);
});
