import { expect, test, type Page } from '@playwright/test';
import { formatMessage } from '@vigil/checklist';
import { callApi, logIn, pickFromPopup, text } from './support.ts';

const b = (key: string, params: Record<string, string> = {}) => text('en', 'builder', key, params);
const m = (key: string, params: Record<string, string> = {}) => text('en', 'builder-modals', key, params);

async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
}

/** The antd select around the combobox of that label (its chosen option shows beside the input). */
const select = (page: Page, label: string) =>
  page.locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) });

/** Opens an antd select by its label and picks the option with that label, until the select shows it. */
async function choose(page: Page, label: string, option: string) {
  await pickFromPopup(
    () => page.getByRole('combobox', { name: label, exact: true }).click(),
    page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`),
    () => expect(select(page, label)).toContainText(option, { timeout: 1000 }),
  );
}

const addQuestion = (page: Page, type: string) =>
  page.getByRole('button', { name: b('types_panel.add', { type: b(`types.${type}`) }) }).click();
const titleBox = (page: Page, type: string) => page.getByRole('textbox', { name: b('items.title_label', { type: b(`types.${type}`) }) });

test('a rule "if the answer is No, require the text question" is saved and reloads; an unknown variable in a formula is named', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page);
  const { id } = await callApi<{ id: string }>(page, 'POST', '/checklist/template/new', { title: 'Guard check' });
  await page.goto(`/checklist/template/${id}/edit`);

  await addQuestion(page, 'yesno');
  await titleBox(page, 'yesno').fill('Is the guard fitted?');
  await addQuestion(page, 'textAnswer');
  await titleBox(page, 'textAnswer').fill('What is missing?');
  await expectSaved(page);

  // The rule, on the yes/no question.
  await titleBox(page, 'yesno').click();
  await page.locator('[data-action="rules"]').click();
  const modal = page.getByRole('dialog', { name: m('rules.title', { title: 'Is the guard fitted?' }) });
  await expect(modal).toBeVisible();
  const rule = m('rules.rule', { n: '1' });
  await choose(page, `${rule} ${m('rules.question')} 1 ${m('rules.value')}`, 'No');
  // Saving without an action is refused with the domain's message.
  await modal.getByRole('button', { name: m('common.save') }).click();
  await expect(modal.getByRole('alert')).toContainText(formatMessage('CKL_RULE_NO_ACTIONS', {}, 'en'));
  await modal.getByRole('button', { name: m('rules.add_action') }).click();
  await expect(select(page, `${rule} ${m('rules.action')} 1 ${m('rules.target')}`)).toContainText('What is missing?');
  await choose(page, `${rule} ${m('rules.action')} 1`, m('rules.actions.required'));
  await modal.getByRole('button', { name: m('common.save') }).click();
  await expect(modal).toBeHidden();
  await expectSaved(page);

  // After a reload the rule is there.
  await page.reload();
  await titleBox(page, 'yesno').click();
  await page.locator('[data-action="rules"]').click();
  await expect(select(page, `${rule} ${m('rules.question')} 1 ${m('rules.value')}`)).toContainText('No');
  await expect(select(page, `${rule} ${m('rules.action')} 1`)).toContainText(m('rules.actions.required'));
  await page.getByRole('button', { name: m('common.cancel') }).click();

  // A calculation reading an unknown variable.
  await addQuestion(page, 'number');
  await addQuestion(page, 'calculation');
  await page.getByRole('button', { name: m('calculation.edit') }).click();
  await page.getByLabel(m('calculation.formula'), { exact: true }).fill('length * 2');
  await expect(page.getByText(formatMessage('CKL_VARIABLE_UNKNOWN', { var: 'length' }, 'en'))).toBeVisible();
});
