import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Language, Skin } from '@vigil/contracts';
import { callApi, chooseLanguage, chooseSkin, expectAccessible, logIn, plural, text } from './support.ts';

interface TargetColumn {
  id: string;
  title: string;
  required: boolean;
}

/** Chooses a CSV of these lines in the wizard's upload step and waits for its preview. */
async function chooseCsv(wizard: Locator, language: Language, name: string, lines: string[], columns: number) {
  await wizard.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });
  await expect(wizard.getByText(plural(language, 'bulk-import', 'upload.read', columns))).toBeVisible();
  await wizard.getByRole('button', { name: text(language, 'bulk-import', 'actions.next') }).click();
}

/**
 * Issue 14: assets of a type with a number field imported from CSV. A file with a duplicated asset ID,
 * a missing name and a bad number is refused row by row and imports nothing; the corrected file is
 * imported whole and its assets are listed.
 */
async function importJourney(page: Page, language: Language, skin?: Skin) {
  const b = (key: string, params: Record<string, string> = {}) => text(language, 'bulk-import', key, params);
  await logIn(page);
  if (language !== 'en') await chooseLanguage(page, language);
  if (skin) await chooseSkin(page, skin);
  const suffix = `${language}-${Date.now().toString(36)}`.toUpperCase();
  const type = await callApi<{ id: string }>(page, 'POST', '/assets/types/new', {
    name: `Pumps ${suffix}`,
    fields: [{ key: 'new_1', name: 'Capacity', field_type: 'integer' }],
    order: {},
  });
  // The columns' titles as the wizard shows them: in the page's language.
  const columns = await page.evaluate(
    async ({ typeId, language }) =>
      (
        (await (await fetch(`/api/assets/bulk-import/columns?type_id=${typeId}`, { headers: { 'Accept-Language': language } })).json()) as {
          data: TargetColumn[];
        }
      ).data,
    { typeId: type.id, language },
  );
  const titleOf = (id: string) => columns.find((column) => column.id === id)!.title;
  const capacity = columns.find((column) => column.title === 'Capacity')!;
  // The header names the asset ID and the name by their ids and the capacity by its title: both are matched.
  const header = ['ASSET_ID', 'display_name', 'Capacity'].join(',');

  await page.goto(`/assets?type_id=${type.id}`);
  await page.getByRole('button', { name: b('open') }).click();
  const wizard = page.getByRole('dialog', { name: b('title', { name: `Pumps ${suffix}` }) });
  await expect(wizard.getByRole('link', { name: b('upload.sample_csv') })).toHaveAttribute('href', /format=csv/);

  // Row 3 repeats row 2's asset ID, row 4 has no name, row 5 a capacity that is not a number.
  await chooseCsv(
    wizard,
    language,
    'pumps-with-errors.csv',
    [header, `P1-${suffix},Pump 1,10`, `P1-${suffix},Pump 2,20`, `P3-${suffix},,30`, `P4-${suffix},Pump 4,lots`],
    3,
  );
  for (const id of ['asset_id', 'display_name', capacity.id])
    await expect(wizard.getByRole('combobox', { name: b('columns.select_label', { column: titleOf(id) }) })).toBeVisible();
  const preview = wizard.getByRole('table', { name: b('columns.preview') });
  await expect(preview.getByRole('cell', { name: 'lots', exact: true })).toBeVisible();
  if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  if (skin) await expectAccessible(page, `import columns (${language}, ${skin})`, { include: '.ant-modal-wrap' });
  await wizard.getByRole('button', { name: b('actions.start') }).click();

  await expect(wizard.getByText(plural(language, 'bulk-import', 'result.errors', 3))).toBeVisible({ timeout: 30_000 });
  const errors = wizard.getByRole('table', { name: b('errors.title') });
  const errorRow = (row: number, column: string) =>
    errors
      .locator('tbody tr.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: String(row), exact: true }) })
      .filter({
        has: page.getByRole('cell', { name: column, exact: true }),
      });
  await expect(errorRow(3, titleOf('asset_id'))).toBeVisible();
  await expect(errorRow(4, titleOf('display_name'))).toBeVisible();
  await expect(errorRow(5, 'Capacity')).toBeVisible();
  if (skin) await expectAccessible(page, `import errors (${language}, ${skin})`, { include: '.ant-modal-wrap' });
  const none = await callApi<{ pagination: { total: number } }>(page, 'GET', `/assets/list?type_id=${type.id}`);
  expect(none.pagination.total).toBe(0);

  // The corrected file: imported whole, then listed.
  await wizard.getByRole('button', { name: b('actions.choose_another') }).click();
  await chooseCsv(wizard, language, 'pumps.csv', [header, `P1-${suffix},Pump 1,10`, `P2-${suffix},Pump 2,20`, `P3-${suffix},Pump 3,30`], 3);
  await wizard.getByRole('button', { name: b('actions.start') }).click();
  await expect(wizard.getByText(plural(language, 'bulk-import', 'result.completed', 3))).toBeVisible({ timeout: 30_000 });
  await wizard
    .locator('.ant-modal-footer')
    .getByRole('button', { name: text(language, 'common', 'actions.close') })
    .click();
  await expect(wizard).toBeHidden();
  for (const name of ['Pump 1', 'Pump 2', 'Pump 3']) await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: `P2-${suffix}`, exact: true })).toBeVisible();
}

test('a bulk import of assets: a file with errors is refused row by row and imports nothing, the corrected one is imported', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await importJourney(page, 'en');
});

test('the same in Arabic, right to left, in the dark skin, with an accessibility scan', async ({ page }) => {
  test.setTimeout(180_000);
  await importJourney(page, 'ar', 'dark');
});

test.describe('on a phone held upright', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a global list’s items are imported through the wizard, which fits the screen', async ({ page }) => {
    test.setTimeout(180_000);
    const b = (key: string, params: Record<string, string> = {}) => text('en', 'bulk-import', key, params);
    // The demo workspace is on the enterprise plan, which has global lists.
    await logIn(page);
    const name = `Parts ${Date.now().toString(36)}`;
    const list = await callApi<{ uuid: string }>(page, 'POST', '/resources/global-lists/new', {
      name,
      fields: [{ key: 'new_1', name: 'Stock', field_type: 'integer' }],
      order: {},
    });
    await page.goto(`/resources/global-lists/${list.uuid}/items`);
    // On a phone the secondary actions are in the "More" menu: the page header's, before the table's.
    await page
      .getByRole('button', { name: text('en', 'common', 'actions.more') })
      .first()
      .click();
    await page.getByRole('menuitem', { name: b('open') }).click();
    const wizard = page.getByRole('dialog', { name: b('title', { name }) });
    await chooseCsv(wizard, 'en', 'parts.csv', ['name,stock', 'Bolt,40', 'Nut,12'], 2);
    await expect(wizard.getByRole('table', { name: b('columns.preview') }).getByRole('cell', { name: 'Bolt', exact: true })).toBeVisible();
    // Full width, and nothing wider than the screen but the tables, which scroll inside it.
    const box = await page.locator('.ant-modal-container, .ant-modal-content').first().boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await wizard.getByRole('button', { name: b('actions.start') }).click();
    await expect(wizard.getByText(plural('en', 'bulk-import', 'result.completed', 2))).toBeVisible({ timeout: 30_000 });
    await wizard
      .locator('.ant-modal-footer')
      .getByRole('button', { name: text('en', 'common', 'actions.close') })
      .click();
    await expect(page.getByText('Bolt', { exact: true })).toBeVisible();
    await expect(page.getByText('Nut', { exact: true })).toBeVisible();
  });
});
