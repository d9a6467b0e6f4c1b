import { expect, test, type Page } from '@playwright/test';
import type { Language, Skin } from '@vigil/contracts';
import { prepareForSave, setCalculation, setRuleSet, type Result, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { callApi, chooseLanguage, chooseSkin, expectAccessible, logIn, plural, text } from './support.ts';

function unwrap(result: Result<TemplateDocument>): TemplateDocument {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

/**
 * A vehicle check: "Damage found?" = No shows "Why no damage"; a bounded number and a slider feed
 * "Pressure × axles"; a scored ok/not ok; a second page with a required date and a list.
 */
function vehicleCheck(title: string): TemplateDocument {
  const doc = buildDocument(
    [
      {
        id: 'checks',
        type: 'page',
        title: 'Checks',
        children: [
          { id: 'damage', type: 'yesno', title: 'Damage found?', options: { enable_score: true } },
          { id: 'why', type: 'textAnswer', title: 'Why no damage', options: { required: true, min_length: '20', max_length: '30' } },
          { id: 'pressure', type: 'number', title: 'Tyre pressure', options: { min: 30, max: 40, decimal: 1, required: true } },
          { id: 'axles', type: 'slider', title: 'Axles', options: { min: 2, max: 6, step: 2 } },
          { id: 'product', type: 'calculation', title: 'Pressure times axles' },
          { id: 'lights', type: 'oknot', title: 'Lights', options: { enable_score: true } },
          { id: 'photo', type: 'photo', title: 'Photo of the cab' },
        ],
      },
      {
        id: 'end',
        type: 'page',
        title: 'Sign-off',
        children: [
          {
            id: 'inspected',
            type: 'datetime',
            title: 'Inspected on',
            options: { required: true, default_value: null, date_time_shape: 'year_month_day' },
          },
          { id: 'grade', type: 'list', title: 'Grade', options: { response_set_id: 'grades', required: true } },
        ],
      },
    ],
    {
      title,
      responses: [
        {
          uuid: 'grades',
          options: [
            { uuid: 'good', label: 'Good', color: null, score: null },
            { uuid: 'poor', label: 'Poor', color: null, score: null },
          ],
        },
      ],
    },
  );
  const ruled = unwrap(
    setRuleSet(doc, 'damage', {
      uuid: 'damage-rules',
      has_visibility: true,
      related_items: [],
      action_items: [],
      rules: [
        {
          uuid: 'ask-why',
          logic: 'and',
          conditions: [{ item_id: 'damage', operator: 'equals', value: 'no' }],
          actions: [{ type: 'set_hidden', item_id: 'why', value: false }],
        },
      ],
    }),
  );
  return unwrap(
    setCalculation(ruled, 'product', {
      value: 'p * a',
      items: [
        { key: 'p', item_id: 'pressure' },
        { key: 'a', item_id: 'axles' },
      ],
    }),
  );
}

async function openPreview(page: Page, language: Language, title: string) {
  const created = await callApi<{ id: string; revision: number }>(page, 'POST', '/checklist/template/new', { title });
  await callApi(page, 'POST', `/checklist/template/${created.id}`, { ...prepareForSave(vehicleCheck(title)), revision: created.revision });
  await page.goto(`/checklist/template/${created.id}/edit`);
  await page.getByRole('button', { name: text(language, 'builder', 'toolbar.preview') }).click();
  const phone = page.getByTestId('preview-frame');
  await expect(phone).toBeVisible({ timeout: 30_000 });
  return phone;
}

test('test data answers every visible question validly; the rule, the calculation and the score act at once; clear starts again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const p = (key: string, params: Record<string, string> = {}) => text('en', 'checklist-renderer', key, params);
  const tp = (key: string) => text('en', 'builder-preview', key);
  await logIn(page);
  const phone = await openPreview(page, 'en', 'Vehicle check');
  const item = (title: string) => phone.getByTestId('checklist-item').filter({ hasText: title });
  await expect(item('Why no damage')).toHaveCount(0);
  await expect(phone.getByTestId('checklist-score')).toHaveText(p('score', { percentage: '0' }));

  await page.getByRole('button', { name: tp('test_data.fill') }).click();
  // Both pages: damage, why (revealed by the rule), pressure, axles, lights, date, grade; not the photo.
  await expect(page.getByTestId('preview-test-data-status')).toHaveText(plural('en', 'builder-preview', 'test_data.filled', 7));
  await expect(item('Damage found?').getByRole('radio', { name: p('choices.no') })).toBeChecked();
  const why = item('Why no damage').getByRole('textbox');
  await expect(why).toHaveValue('Why no damage Why no damage');
  const pressure = Number(await item('Tyre pressure').getByRole('spinbutton').inputValue());
  expect(pressure).toBeGreaterThanOrEqual(30);
  expect(pressure).toBeLessThanOrEqual(40);
  const axles = Number(await item('Axles').getByRole('slider').inputValue());
  expect([2, 4, 6]).toContain(axles);
  await expect(item('Pressure times axles').getByTestId('checklist-output')).not.toHaveText(p('no_value'));
  expect(Number(await item('Pressure times axles').getByTestId('checklist-output').textContent())).toBeCloseTo(pressure * axles, 6);
  await expect(phone.getByTestId('checklist-score')).toHaveText(/\d+ %/);
  await expect(phone.getByTestId('checklist-score')).not.toHaveText(p('score', { percentage: '0' }));
  await expect(item('Photo of the cab').getByTestId('checklist-needs-inspection')).toBeVisible();
  // Every answer is valid: no problem is shown under any question.
  await expect(phone.getByRole('alert')).toHaveCount(0);

  await phone.getByRole('button', { name: p('next') }).click();
  await expect(item('Inspected on').locator('input')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(item('Grade').getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(phone.getByRole('alert')).toHaveCount(0);

  // Filling again keeps what is there and finds nothing left to answer.
  await page.getByRole('button', { name: tp('test_data.fill') }).click();
  await expect(page.getByTestId('preview-test-data-status')).toHaveText(plural('en', 'builder-preview', 'test_data.filled', 0));

  await page.getByRole('button', { name: tp('test_data.clear') }).click();
  await expect(page.getByTestId('preview-test-data-status')).toHaveText(tp('test_data.cleared'));
  await expect(item('Grade').getByRole('radio', { checked: true })).toHaveCount(0);
  await phone.getByRole('button', { name: p('previous') }).click();
  await expect(item('Why no damage')).toHaveCount(0);
  await expect(item('Pressure times axles').getByTestId('checklist-output')).toHaveText(p('no_value'));
  await expect(phone.getByTestId('checklist-score')).toHaveText(p('score', { percentage: '0' }));
});

for (const [language, skin] of [
  ['ar', 'dark'],
  ['fr', 'semi-dark'],
] as [Language, Skin][]) {
  test(`test data in ${language} with the ${skin} skin`, async ({ page }) => {
    test.setTimeout(120_000);
    await logIn(page);
    await chooseLanguage(page, language);
    await chooseSkin(page, skin);
    const phone = await openPreview(page, language, `Vehicle check ${language}`);
    await page.getByRole('button', { name: text(language, 'builder-preview', 'test_data.fill') }).click();
    await expect(page.getByTestId('preview-test-data-status')).toHaveText(plural(language, 'builder-preview', 'test_data.filled', 7));
    await expect(phone.getByTestId('checklist-item').filter({ hasText: 'Why no damage' })).toBeVisible();
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The pointer left on the button would be scored in its hover colour.
    await page.mouse.move(0, 0);
    await expectAccessible(page, `builder preview with test data (${language}, ${skin})`);
  });
}
