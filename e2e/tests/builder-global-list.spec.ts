import { expect, test, type Page } from '@playwright/test';
import { formatMessage, prepareForSave } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import type { GlobalListDetail, Language, Skin } from '@vigil/contracts';
import { callApi, chooseLanguage, chooseSkin, expectAccessible, logIn, pickFromPopup, text } from './support.ts';

/**
 * Issue 14: a global list used by a question in the builder. The question chooses a real list of the
 * workspace and the fields its items show; the preview offers the list's items, searched on the server.
 */
async function setUp(page: Page, suffix: string): Promise<{ templateId: string; list: GlobalListDetail }> {
  const list = await callApi<GlobalListDetail>(page, 'POST', '/resources/global-lists/new', {
    name: `Pumps ${suffix}`,
    fields: [{ key: 'new_1', name: 'Site', field_type: 'text', is_required: false, is_used: true, is_locked: false, config: [] }],
    order: { new_1: 0 },
  });
  const site = list.fields.find((field) => field.name === 'Site')!.key;
  for (const [name, place] of [
    ['Pump North', 'Dock'],
    ['Pump South', 'Yard'],
  ])
    await callApi(page, 'POST', `/resources/global-lists/${list.uuid}/items/new`, {
      display_name: name,
      fields: { [site]: { value: place } },
    });
  const title = `Pump round ${suffix}`;
  const document = buildDocument(
    [{ id: 'p1', type: 'page', title: 'Round', children: [{ id: 'pump', type: 'global_list', title: 'Which pump?' }] }],
    { title },
  );
  const created = await callApi<{ id: string; revision: number }>(page, 'POST', '/checklist/template/new', { title });
  await callApi(page, 'POST', `/checklist/template/${created.id}`, { ...prepareForSave(document), revision: created.revision });
  return { templateId: created.id, list };
}

async function globalListJourney(page: Page, language: Language, skin?: Skin) {
  const b = (key: string) => text(language, 'builder', key);
  await logIn(page);
  if (language !== 'en') await chooseLanguage(page, language);
  if (skin) await chooseSkin(page, skin);
  const { templateId, list } = await setUp(page, `${language} ${Date.now().toString(36)}`);
  await page.goto(`/checklist/template/${templateId}/edit`);
  const details = page.getByTestId('details-panel');
  await page.locator('[data-testid="item-row"][data-item-id="pump"] input[data-title]').click();

  // The list is required; choosing it clears the message, then the label shows the name and the site.
  const picker = details.locator('[data-option="global_list_uuid"]');
  await expect(picker).toContainText(formatMessage('CKL_FIELD_REQUIRED', {}, language));
  await picker.getByRole('combobox').fill(list.name);
  await pickFromPopup(
    () => picker.getByRole('combobox').click(),
    page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${list.name}"]`),
    () => expect(picker).not.toContainText(formatMessage('CKL_FIELD_REQUIRED', {}, language), { timeout: 2000 }),
  );
  const labels = details.locator('[data-option="label_field_keys"]');
  for (const field of [b('global_list.display_name'), 'Site'])
    await pickFromPopup(
      () => labels.getByRole('combobox').click(),
      page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${field}"]`),
      () => expect(labels.getByTitle(field)).toBeVisible({ timeout: 2000 }),
    );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });

  // The preview offers the items; a search asks the server for the matching ones only.
  await page.getByRole('button', { name: b('toolbar.preview') }).click();
  const phone = page.getByTestId('preview-frame');
  await expect(phone).toBeVisible({ timeout: 30_000 });
  const answer = phone.getByTestId('checklist-item').filter({ hasText: 'Which pump?' }).getByRole('combobox');
  await answer.click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Pump North / Dock"]')).toBeVisible();
  await answer.fill('south');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Pump North / Dock"]')).toHaveCount(0);
  await pickFromPopup(
    () => answer.click(),
    page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Pump South / Yard"]'),
    () => expect(phone.getByTitle('Pump South / Yard')).toBeVisible({ timeout: 2000 }),
  );
  if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  if (skin) {
    await page.mouse.move(0, 0);
    await expectAccessible(page, `builder global list (${language}, ${skin})`);
  }

  // Stored: both references to the list and the chosen label fields.
  const stored = await callApi<{ items: { id: string; options: Record<string, unknown> }[] }>(
    page,
    'GET',
    `/checklist/template/${templateId}`,
  );
  expect(stored.items.find((item) => item.id === 'pump')!.options).toMatchObject({
    global_list_uuid: list.uuid,
    global_list_id: list.id,
    label_field_keys: ['display_name', list.fields.find((field) => field.name === 'Site')!.key],
  });
}

test('a global_list question chooses a real list and the preview offers its items with search', async ({ page }) => {
  await globalListJourney(page, 'en');
});

test('the same in Arabic, right to left, in the dark skin, with an accessibility scan', async ({ page }) => {
  await globalListJourney(page, 'ar', 'dark');
});
