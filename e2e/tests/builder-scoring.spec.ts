import { expect, test, type Page } from '@playwright/test';
import { formatMessage, prepareForSave, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import type { GlobalResponse, Language, Skin } from '@vigil/contracts';
import { callApi, chooseLanguage, chooseSkin, expectAccessible, logIn, pickFromPopup, text } from './support.ts';

/**
 * Issue 12.2: scoring is set up in the builder. A grade list scores its own responses, a condition
 * list takes a global response set with its scores, a remarks question earns points when answered;
 * "abc" is refused; the preview totals the points; a reload finds every score.
 */
function inspection(title: string): TemplateDocument {
  return buildDocument(
    [
      {
        id: 'checks',
        type: 'page',
        title: 'Checks',
        children: [
          { id: 'grade', type: 'list', title: 'Grade', options: { response_set_id: 'grades' } },
          { id: 'condition', type: 'list', title: 'Condition', options: { response_set_id: 'conditions' } },
          { id: 'remarks', type: 'textAnswer', title: 'Remarks' },
        ],
      },
    ],
    {
      title,
      responses: [
        {
          uuid: 'grades',
          options: [
            { uuid: 'clean', label: 'Clean' },
            { uuid: 'dirty', label: 'Dirty' },
          ],
        },
        {
          uuid: 'conditions',
          options: [
            { uuid: 'c1', label: 'Option A' },
            { uuid: 'c2', label: 'Option B' },
          ],
        },
      ],
    },
  );
}

async function setUp(page: Page, suffix: string): Promise<{ id: string; set: GlobalResponse }> {
  const set = await callApi<GlobalResponse>(page, 'POST', '/checklist/global-response/new', {
    name: `Condition ${suffix}`,
    options: [
      { label: 'Good', color: '#389e0d', score: 4 },
      { label: 'Poor', color: '#cf1322', score: 1 },
    ],
  });
  const title = `Scored ${suffix}`;
  const created = await callApi<{ id: string; revision: number }>(page, 'POST', '/checklist/template/new', { title });
  await callApi(page, 'POST', `/checklist/template/${created.id}`, { ...prepareForSave(inspection(title)), revision: created.revision });
  return { id: created.id, set };
}

async function scoreJourney(page: Page, language: Language, skin?: Skin) {
  const b = (key: string, params: Record<string, string> = {}) => text(language, 'builder', key, params);
  const p = (key: string, params: Record<string, string> = {}) => text(language, 'checklist-renderer', key, params);
  await logIn(page);
  if (language !== 'en') await chooseLanguage(page, language);
  if (skin) await chooseSkin(page, skin);
  const { id, set } = await setUp(page, `${language} ${Date.now().toString(36)}`);
  await page.goto(`/checklist/template/${id}/edit`);
  const details = page.getByTestId('details-panel');
  const select = async (itemId: string) => {
    await page.locator(`[data-testid="item-row"][data-item-id="${itemId}"] input[data-title]`).click();
    await expect(page.locator(`[data-testid="item-row"][data-item-id="${itemId}"]`)).toHaveClass(/is-selected/);
  };
  const saved = () => expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
  const number = (n: number) =>
    page.evaluate(([value, lang]) => new Intl.NumberFormat(lang as string).format(value), [n, language] as const);
  const scoreOf = (n: number) => details.getByRole('textbox', { name: b('scoring.option_score', { n: String(n) }), exact: true });

  // Own responses: "Enable score" gives each response a score; "abc" is refused and changes nothing.
  await select('grade');
  await expect(scoreOf(1)).toHaveCount(0);
  await details.getByRole('switch', { name: b('options.enable_score') }).click();
  await scoreOf(1).fill('3');
  await scoreOf(2).fill('abc');
  await expect(details.getByRole('alert')).toHaveText(formatMessage('CKL_PLAIN_NUMBER', {}, language));
  await expect(scoreOf(2)).toHaveAttribute('aria-invalid', 'true');
  await scoreOf(2).fill('1');
  await expect(details.getByRole('alert')).toHaveCount(0);

  // Global responses: no "deleted" before a set is chosen; the set's scores once it is.
  await select('condition');
  await details.getByRole('switch', { name: b('options.enable_score') }).click();
  const source = details.locator('[data-option="options_type"]');
  await pickFromPopup(
    () => source.getByRole('combobox').click(),
    page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${b('choices.options_type.global')}"]`),
    () => expect(source).toContainText(b('choices.options_type.global'), { timeout: 1000 }),
  );
  const picker = details.locator('[data-option="response_set_id"]');
  await expect(picker).toContainText(formatMessage('CKL_FIELD_REQUIRED', {}, language));
  await expect(details).not.toContainText(formatMessage('CKL_GLOBAL_RESPONSE_DELETED', {}, language));
  await picker.getByRole('combobox').fill(set.name);
  await pickFromPopup(
    () => picker.getByRole('combobox').click(),
    page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${set.name}"]`),
    () => expect(details.getByTestId('global-response-options')).toBeVisible({ timeout: 2000 }),
  );
  await expect(details.getByTestId('global-response-options').locator('li').first()).toContainText(
    `Good${b('scoring.points', { score: await number(4) })}`,
  );
  await expect(picker).not.toContainText(formatMessage('CKL_FIELD_REQUIRED', {}, language));

  // Another type: a text question earns its points when answered.
  await select('remarks');
  await details.getByRole('switch', { name: b('options.enable_score') }).click();
  await details.getByLabel(b('scoring.default_score')).fill('2');
  await saved();
  await expect(page.getByTestId('draft-problems')).toHaveCount(0);

  // The preview totals 3 (best own response) + 4 (best of the global set) + 2.
  await page.getByRole('button', { name: b('toolbar.preview') }).click();
  const phone = page.getByTestId('preview-frame');
  await expect(phone).toBeVisible({ timeout: 30_000 });
  const total = phone.getByTestId('checklist-points');
  await expect(total).toHaveText(p('total_points', { score: await number(0), max: await number(9) }));
  const item = (title: string) => phone.getByTestId('checklist-item').filter({ hasText: title });
  await item('Grade').getByText('Clean', { exact: true }).click();
  await item('Condition').getByText('Poor', { exact: true }).click();
  await item('Remarks').getByRole('textbox').fill('Checked');
  await expect(total).toHaveText(p('total_points', { score: await number(6), max: await number(9) }));
  await expect(item('Grade').getByTestId('checklist-item-score')).toHaveText(p('points', { score: await number(3), max: await number(3) }));
  if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  if (skin) {
    await page.mouse.move(0, 0);
    await expectAccessible(page, `builder scoring (${language}, ${skin})`);
  }

  // Reloaded, every score is there, on screen and in the stored document.
  await page.reload();
  await select('grade');
  await expect(scoreOf(1)).toHaveValue('3');
  await expect(scoreOf(2)).toHaveValue('1');
  await select('condition');
  await expect(details.locator('[data-option="response_set_id"]')).toContainText(set.name);
  await select('remarks');
  await expect(details.getByLabel(b('scoring.default_score'))).toHaveValue('2');
  const stored = await callApi<TemplateDocument>(page, 'GET', `/checklist/template/${id}`);
  expect(stored.responses.find((entry) => entry.uuid === 'grades')!.options.map((option) => option.score)).toEqual([3, 1]);
  expect(stored.items.find((entry) => entry.id === 'condition')!.options).toMatchObject({
    options_type: 'global',
    response_set_id: set.id,
    enable_score: true,
  });
  expect(stored.global_responses.map((entry) => [entry.uuid, entry.options.map((option) => option.score)])).toEqual([[set.id, [4, 1]]]);
  expect(stored.items.find((entry) => entry.id === 'remarks')!.options.scoring).toEqual({ default_score: 2 });
}

test.describe.configure({ timeout: 180_000 });

test('scoring is set up: own responses, a global response set, points of a text question; "abc" refused; totals; reload', async ({
  page,
}) => {
  await scoreJourney(page, 'en');
});

test('scoring in Arabic with the dark skin', async ({ page }) => {
  await scoreJourney(page, 'ar', 'dark');
});
