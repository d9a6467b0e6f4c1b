import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi, chooseLanguage, logIn, text } from './support.ts';

const b = (key: string, params: Record<string, string> = {}) => text('en', 'builder', key, params);

interface Created {
  id: string;
  revision: number;
}

async function newTemplate(page: Page, title: string): Promise<string> {
  const created = await callApi<Created>(page, 'POST', '/checklist/template/new', { title });
  return created.id;
}

async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
}

/** Drags with the mouse in small steps, as dnd-kit's pointer sensor needs. */
async function drag(page: Page, from: Locator, to: Locator, offsetY: number) {
  const source = (await from.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2 + 10, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2 + offsetY, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

/**
 * Drags with the keyboard, as a keyboard user does: pick up, arrow keys, drop. Like a screen-reader
 * user, it waits for each move to be announced before the next key.
 */
async function keyboardDrag(page: Page, handle: Locator, key: 'ArrowUp' | 'ArrowDown', times: number) {
  const announcement = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  for (let i = 0; i < times; i++) {
    const before = await announcement.textContent();
    await page.keyboard.press(key);
    await expect(announcement).not.toHaveText(before ?? '');
  }
  await page.keyboard.press('Space');
}

const itemTitles = (page: Page) =>
  page
    .getByTestId('item-row')
    .locator('input[data-title]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
const pageTitles = (page: Page) => page.getByTestId('page-row').locator('.builder-page-title').allInnerTexts();

test('build a checklist: pages, a section, each group of questions, drag and drop, toggles, undo and redo, reload, publish', async ({
  page,
}) => {
  // A long journey on a machine shared with other work.
  test.setTimeout(240_000);
  await logIn(page);
  const id = await newTemplate(page, 'Forklift inspection');
  await page.goto(`/checklist/template/${id}/edit`);
  await expect(page.getByLabel(b('header.title_label'))).toHaveValue('Forklift inspection');
  await expect(page.getByTestId('builder-state')).toHaveText(b('state.draft'));

  // A section, then one question of each group, added into the section after the selected item.
  const add = (type: string) => page.getByRole('button', { name: b('types_panel.add', { type: b(`types.${type}`) }) }).click();
  await add('section');
  for (const type of ['textAnswer', 'number', 'datetime', 'yesno', 'list', 'signature', 'photo', 'qr']) await add(type);
  await expect
    .poll(() => itemTitles(page))
    .toEqual(
      ['section', 'textAnswer', 'number', 'datetime', 'yesno', 'list', 'signature', 'photo', 'qr'].map((type) => b(`types.${type}`)),
    );
  await expectSaved(page);

  // Rename a question and make it required; undo and redo the toggle.
  const photo = page.getByRole('textbox', { name: b('items.title_label', { type: b('types.photo') }) });
  await photo.fill('Photo of the forks');
  const required = page.locator('[data-action="required"]');
  await required.click();
  await expect(required).toHaveAttribute('aria-pressed', 'true');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(required).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Control+Shift+z');
  await expect(required).toHaveAttribute('aria-pressed', 'true');
  await expectSaved(page);

  // Reorder questions by drag and drop (keyboard): the QR code goes above the text answer.
  const rows = page.getByTestId('item-row');
  await keyboardDrag(page, rows.nth(8).locator('.builder-handle'), 'ArrowUp', 7);
  await expect.poll(async () => (await itemTitles(page)).slice(0, 3)).toEqual([b('types.section'), b('types.qr'), b('types.textAnswer')]);
  await expectSaved(page);

  // A second page, dragged above the first.
  await page.getByRole('button', { name: b('pages.add') }).click();
  await expect.poll(() => pageTitles(page)).toEqual(['Page 1', b('pages.new_title', { n: '2' })]);
  await add('checkbox');
  const pageRows = page.getByTestId('page-row');
  await drag(page, pageRows.nth(1).locator('.builder-handle'), pageRows.nth(0), -12);
  await expect.poll(() => pageTitles(page)).toEqual([b('pages.new_title', { n: '2' }), 'Page 1']);
  await expectSaved(page);

  // Everything is there after a reload.
  await page.reload();
  await expect.poll(() => pageTitles(page)).toEqual([b('pages.new_title', { n: '2' }), 'Page 1']);
  await page.getByTestId('page-row').nth(1).locator('.builder-page-title').click();
  await expect.poll(async () => (await itemTitles(page)).slice(0, 3)).toEqual([b('types.section'), b('types.qr'), b('types.textAnswer')]);
  await expect(page.getByRole('textbox', { name: b('items.title_label', { type: b('types.photo') }) })).toHaveValue('Photo of the forks');
  await page.getByRole('textbox', { name: b('items.title_label', { type: b('types.photo') }) }).click();
  await expect(page.locator('[data-action="required"]')).toHaveAttribute('aria-pressed', 'true');

  // Publish with confirmation.
  await page.getByRole('button', { name: b('toolbar.publish') }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: b('toolbar.publish') })
    .click();
  await expect(page.getByTestId('builder-state')).toHaveText(b('state.published'));
  const options = await callApi<{ published: boolean; version: number }>(page, 'GET', `/checklist/template/${id}/options`);
  expect(options).toMatchObject({ published: true, version: 1 });
});

test('undo and redo of a toggle in quick succession are saved', async ({ page }) => {
  await logIn(page);
  const id = await newTemplate(page, 'Undo and redo');
  await page.goto(`/checklist/template/${id}/edit`);
  await page.getByRole('button', { name: b('types_panel.add', { type: b('types.photo') }) }).click();
  await expectSaved(page);
  const required = page.locator('[data-action="required"]');
  await required.click();
  await expect(required).toHaveAttribute('aria-pressed', 'true');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(required).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Control+Shift+z');
  await expect(required).toHaveAttribute('aria-pressed', 'true');
  await expectSaved(page);
  await page.reload();
  await page.getByRole('textbox', { name: b('items.title_label', { type: b('types.photo') }) }).click();
  await expect(page.locator('[data-action="required"]')).toHaveAttribute('aria-pressed', 'true');
});

test('an illegal drop is refused with the domain message and an Ok button', async ({ page }) => {
  await logIn(page);
  const id = await newTemplate(page, 'Refusals');
  await page.goto(`/checklist/template/${id}/edit`);
  await page.getByRole('button', { name: b('pages.add_start') }).click();
  await page.getByRole('button', { name: b('types_panel.add', { type: b('types.inspection_location') }) }).click();
  await expectSaved(page);
  const location = page.getByTestId('item-row').first();
  await drag(page, location.locator('.builder-handle'), page.getByTestId('page-row').nth(1), 0);
  const dialog = page.locator('.ant-modal-confirm-error');
  await expect(dialog).toContainText(text('en', 'builder', 'dialogs.refused_title'));
  await expect(dialog).toContainText('Items cannot be moved across the start or end page');
  await dialog.getByRole('button', { name: b('dialogs.ok') }).click();
  await expect(page.getByTestId('item-row')).toHaveCount(1);
});

test('a save from a second tab makes the next save show the checklist conflict dialog', async ({ page, context }) => {
  await logIn(page);
  const id = await newTemplate(page, 'Two tabs');
  await page.goto(`/checklist/template/${id}/edit`);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

  const other = await context.newPage();
  await other.goto(`/checklist/template/${id}/edit`);
  await other.getByLabel(b('header.title_label')).fill('Two tabs, edited elsewhere');
  await expectSaved(other);

  await page.getByLabel(b('header.title_label')).fill('Two tabs, edited here');
  const dialog = page.getByRole('dialog', { name: b('dialogs.conflict_title') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('conflict-message')).not.toBeEmpty();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'conflict');
});

test('the builder in Arabic, right to left', async ({ page }) => {
  await logIn(page);
  await chooseLanguage(page, 'ar');
  const id = await newTemplate(page, 'فحص الرافعة');
  await page.goto(`/checklist/template/${id}/edit`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const ar = (key: string, params: Record<string, string> = {}) => text('ar', 'builder', key, params);
  await expect(page.getByRole('heading', { name: ar('types_panel.title') })).toBeVisible();
  await page.getByRole('button', { name: ar('types_panel.add', { type: ar('types.yesno') }) }).click();
  await expect(page.getByRole('textbox', { name: ar('items.title_label', { type: ar('types.yesno') }) })).toHaveValue(ar('types.yesno'));
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expect(page.getByTestId('save-status')).toHaveText(new RegExp(ar('status.saved')));
});
