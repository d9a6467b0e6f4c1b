import { expect, test, type Page } from '@playwright/test';
import { prepareForSave, setCalculation, setRuleSet, type Result, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { callApi, chooseLanguage, logIn, plural, text } from './support.ts';

const b = (key: string) => text('en', 'builder', key);
const p = (key: string, params: Record<string, string> = {}) => text('en', 'checklist-renderer', key, params);

function unwrap(result: Result<TemplateDocument>): TemplateDocument {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

/** "Damage found?" = yes shows "Describe the damage"; "Total lifted" = load × lifts; scored yes/no and ok/not ok. */
function forkliftCheck(title: string): TemplateDocument {
  const doc = buildDocument(
    [
      {
        id: 'checks',
        type: 'page',
        title: 'Checks',
        children: [
          { id: 'damage', type: 'yesno', title: 'Damage found?', options: { enable_score: true } },
          { id: 'describe', type: 'textAnswer', title: 'Describe the damage', options: { required: true } },
          { id: 'brakes', type: 'oknot', title: 'Brakes work', options: { enable_score: true } },
          { id: 'load', type: 'number', title: 'Load' },
          { id: 'lifts', type: 'number', title: 'Lifts' },
          { id: 'total', type: 'calculation', title: 'Total lifted' },
        ],
      },
      { id: 'sign_off', type: 'page', title: 'Sign-off', children: [{ id: 'remarks', type: 'longText', title: 'Remarks' }] },
    ],
    { title },
  );
  const ruled = unwrap(
    setRuleSet(doc, 'damage', {
      uuid: 'damage-rules',
      has_visibility: true,
      related_items: [],
      action_items: [],
      rules: [
        {
          uuid: 'show-description',
          logic: 'and',
          conditions: [{ item_id: 'damage', operator: 'equals', value: 'yes' }],
          actions: [{ type: 'set_hidden', item_id: 'describe', value: false }],
        },
      ],
    }),
  );
  return unwrap(
    setCalculation(ruled, 'total', {
      value: 'load * lifts',
      items: [
        { key: 'load', item_id: 'load' },
        { key: 'lifts', item_id: 'lifts' },
      ],
    }),
  );
}

async function templateWithRules(page: Page, title: string): Promise<string> {
  const created = await callApi<{ id: string; revision: number }>(page, 'POST', '/checklist/template/new', { title });
  await callApi(page, 'POST', `/checklist/template/${created.id}`, { ...prepareForSave(forkliftCheck(title)), revision: created.revision });
  return created.id;
}

test('the preview answers a checklist: a rule shows a question, a calculation and the score follow the answers and the edits', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page);
  const id = await templateWithRules(page, 'Forklift daily check');
  await page.goto(`/checklist/template/${id}/edit`);
  await expect(page.getByLabel(b('header.title_label'))).toHaveValue('Forklift daily check');

  const toggle = page.getByRole('button', { name: b('toolbar.preview') });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const phone = page.getByTestId('preview-frame');
  await expect(phone).toBeVisible({ timeout: 30_000 });
  const item = (title: string) => phone.getByTestId('checklist-item').filter({ hasText: title });

  await expect(phone.getByText(plural('en', 'checklist-renderer', 'step', 2, { current: '1' }))).toBeVisible();
  await expect(item('Describe the damage')).toHaveCount(0);
  await expect(phone.getByTestId('checklist-score')).toHaveText(p('score', { percentage: '0' }));

  // The rule: "Yes" shows the required description, "No" hides it again.
  await item('Damage found?').getByText('Yes', { exact: true }).click();
  await expect(item('Describe the damage')).toBeVisible();
  await expect(item('Describe the damage').getByTitle(p('required'))).toBeVisible();
  await item('Damage found?').getByText('No', { exact: true }).click();
  await expect(item('Describe the damage')).toHaveCount(0);

  // Scores: "OK" is 1 of 1, "No" 0 of 1.
  await item('Brakes work').getByText('OK', { exact: true }).click();
  await expect(phone.getByTestId('checklist-score')).toHaveText(p('score', { percentage: '50' }));

  // The calculation follows the numbers.
  const total = item('Total lifted').getByTestId('checklist-output');
  await expect(total).toHaveText(p('no_value'));
  await item('Load').getByRole('spinbutton').fill('250');
  await item('Lifts').getByRole('spinbutton').fill('4');
  await expect(total).toHaveText('1000');

  // Editing in the builder rebuilds the preview and keeps the answers.
  const titles = page.getByTestId('item-row').locator('input[data-title]');
  await titles.nth(3).fill('Load in kg');
  await expect(item('Load in kg')).toBeVisible();
  await expect(total).toHaveText('1000');

  await phone.getByRole('button', { name: p('next') }).click();
  await expect(phone.getByText(plural('en', 'checklist-renderer', 'step', 2, { current: '2' }))).toBeVisible();
  await expect(item('Remarks')).toBeVisible();

  await toggle.click();
  await expect(phone).toHaveCount(0);
});

test('the preview in Arabic reads right to left', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  const id = await templateWithRules(page, 'فحص الرافعة');
  await chooseLanguage(page, 'ar');
  await page.goto(`/checklist/template/${id}/edit`);
  await page.getByRole('button', { name: text('ar', 'builder', 'toolbar.preview') }).click();
  const phone = page.getByTestId('preview-frame');
  await expect(phone.getByText(plural('ar', 'checklist-renderer', 'step', 2, { current: '1' }))).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await phone.getByText(text('ar', 'checklist-renderer', 'choices.yes'), { exact: true }).click();
  await expect(phone.getByTestId('checklist-item').filter({ hasText: 'Describe the damage' })).toBeVisible();
});
