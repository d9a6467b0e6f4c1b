import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi, logIn, plural, text } from './support.ts';

/**
 * Issue 12.1: a draft is saved whatever state it is in. Each case leaves the template with a problem
 * (the builder shows it on the item, counted "1 problem"), then edits something else; a fresh
 * browser opening the template finds every edit, the problem still shown, and publishing waits.
 */
const b = (key: string, params: Record<string, string> = {}) => text('en', 'builder', key, params);
const m = (key: string, params: Record<string, string> = {}) => text('en', 'builder-modals', key, params);

async function openNewTemplate(page: Page, title: string): Promise<string> {
  const { id } = await callApi<{ id: string }>(page, 'POST', '/checklist/template/new', { title });
  await page.goto(`/checklist/template/${id}/edit`);
  await expect(page.getByLabel(b('header.title_label'))).toHaveValue(title);
  return id;
}

const row = (page: Page, id: string) => page.locator(`[data-testid="item-row"][data-item-id="${id}"]`);

async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
}

/** Adds a question from the types panel, titles it in its row and answers its id. */
async function add(page: Page, type: string, title: string): Promise<string> {
  const typeName = b(`types.${type}`);
  await page.getByRole('button', { name: b('types_panel.add', { type: typeName }), exact: true }).click();
  const selected = page.locator('[data-testid="item-row"].is-selected');
  await expect(selected.locator('input[data-title]')).toHaveValue(typeName);
  const id = (await selected.getAttribute('data-item-id'))!;
  await row(page, id).locator('input[data-title]').fill(title);
  await expect(row(page, id).locator('input[data-title]')).toHaveValue(title);
  return id;
}

/** Something else edited after the problem: a new question, whose title must survive. */
async function editSomethingElse(page: Page, title: string): Promise<string> {
  const id = await add(page, 'textAnswer', title);
  await expectSaved(page);
  return id;
}

const expectTitle = (page: Page, id: string, title: string) => expect(row(page, id).locator('input[data-title]')).toHaveValue(title);

/** Opens the template in a new browser context (no state shared) and checks what it finds. */
async function inFreshBrowser(browser: Browser, id: string, check: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await logIn(page);
    await page.goto(`/checklist/template/${id}/edit`);
    await expect(page.getByTestId('item-row').first()).toBeVisible();
    await check(page);
  } finally {
    await context.close();
  }
}

async function expectProblem(page: Page, id: string, count: number) {
  await expect(row(page, id).getByTestId('item-problems')).toHaveText(plural('en', 'builder', 'problems.count', 1));
  await expect(page.getByTestId('draft-problems')).toHaveText(plural('en', 'builder', 'problems.count', count));
  await expect(page.getByRole('button', { name: b('toolbar.publish'), exact: true })).toBeDisabled();
}

test.describe.configure({ timeout: 120_000 });

test('a calculation with an empty formula is saved, and so is what follows', async ({ page, browser }) => {
  await logIn(page);
  const id = await openNewTemplate(page, `Drafts calc ${Date.now()}`);
  const total = await add(page, 'calculation', 'Total load');
  await expectSaved(page);
  await expectProblem(page, total, 1);
  const later = await editSomethingElse(page, 'Typed after the calculation');
  await inFreshBrowser(browser, id, async (fresh) => {
    await expectTitle(fresh, total, 'Total load');
    await expectTitle(fresh, later, 'Typed after the calculation');
    await expectProblem(fresh, total, 1);
  });
});

test('deleting a question a formula uses ("Continue anyway") is saved, and so is what follows', async ({ page, browser }) => {
  await logIn(page);
  const id = await openNewTemplate(page, `Drafts deleted ${Date.now()}`);
  const width = await add(page, 'number', 'Width');
  const area = await add(page, 'calculation', 'Area');
  await page
    .getByTestId('details-panel')
    .getByRole('button', { name: m('calculation.edit') })
    .click();
  const formula = page.getByRole('dialog', { name: m('calculation.title', { title: 'Area' }) });
  await formula.getByRole('button', { name: m('calculation.insert', { title: 'Width' }) }).click();
  await expect(formula.getByLabel(m('calculation.formula'))).toHaveValue('x1');
  await formula.getByRole('button', { name: m('common.save') }).click();
  await expect(formula).toBeHidden();
  await expectSaved(page);
  await expect(page.getByTestId('draft-problems')).toHaveCount(0);

  await row(page, width).locator('input[data-title]').click();
  await row(page, width).locator('[data-action="delete"]').click();
  await page.getByRole('button', { name: b('delete.continue') }).click();
  await expect(row(page, width)).toHaveCount(0);
  await expectSaved(page);
  await expectProblem(page, area, 1);
  const later = await editSomethingElse(page, 'Typed after the deletion');
  await inFreshBrowser(browser, id, async (fresh) => {
    await expectTitle(fresh, later, 'Typed after the deletion');
    await expect(row(fresh, width)).toHaveCount(0);
    await expectProblem(fresh, area, 1);
  });
});

test('a list switched to global responses is saved, and so is what follows', async ({ page, browser }) => {
  await logIn(page);
  const id = await openNewTemplate(page, `Drafts global ${Date.now()}`);
  const grade = await add(page, 'list', 'Grade');
  const source = page.getByTestId('details-panel').locator('[data-option="options_type"]');
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await source.getByRole('combobox').click();
    await page
      .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${b('choices.options_type.global')}"]`)
      .click({ timeout: 5000 });
    await expect(source).toContainText(b('choices.options_type.global'), { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expectSaved(page);
  await expectProblem(page, grade, 1);
  const later = await editSomethingElse(page, 'Typed after the switch');
  await inFreshBrowser(browser, id, async (fresh) => {
    await expectTitle(fresh, later, 'Typed after the switch');
    await expectProblem(fresh, grade, 1);
  });
});
