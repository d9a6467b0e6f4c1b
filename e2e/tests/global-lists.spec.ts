import { expect, test, type Page } from '@playwright/test';
import { addFieldByDrag, fields, tableSettled } from './custom-fields.ts';
import { logIn, plural, text } from './support.ts';

const lists = (key: string, params: Record<string, string> = {}) => text('en', 'global-lists', key, params);
const total = (page: Page, count: number) => page.getByText(plural('en', 'table', 'pagination.total', count));

/** Ticks an item's row and runs the bulk action on the selection. */
async function actOnRow(page: Page, name: string, action: string) {
  await tableSettled(page);
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('checkbox')
    .check();
  await page.getByRole('status').getByRole('button', { name: action, exact: true }).click();
}

test('a global list gets a field and items, which are searched, archived in bulk and restored', async ({ page }) => {
  test.setTimeout(240_000);
  // The demo workspace is on the enterprise plan, which has global lists.
  await logIn(page);
  const name = `Spare parts ${Date.now().toString(36)}`;

  // From the menu to a new list, which opens on its fields.
  await page.goto('/dashboard');
  await page.getByRole('menuitem', { name: text('en', 'shell', 'menu.resources') }).click();
  await page.getByRole('menuitem', { name: text('en', 'shell', 'menu.global_lists') }).click();
  await expect(page).toHaveURL(/\/resources\/global-lists$/);
  await page
    .getByRole('button', { name: lists('lists.new') })
    .first()
    .click();
  const create = page.getByRole('dialog', { name: lists('lists.new') });
  await create.getByLabel(lists('columns.name')).fill(name);
  await create.getByRole('button', { name: lists('actions.create') }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // A text field, saved.
  await addFieldByDrag(page, 'text', 'Part number');
  await page.getByRole('button', { name: fields('save'), exact: true }).click();
  await expect(page.getByRole('button', { name: fields('save'), exact: true })).toBeDisabled();

  // Three items through the form; the field is a column.
  await page.getByRole('button', { name: lists('links.items') }).click();
  await expect(page.getByRole('heading', { level: 1, name: lists('items.title', { name }) })).toBeVisible();
  for (const [display, code] of [
    ['Bolt M8', 'B-8'],
    ['Nut M8', 'N-8'],
    ['Washer M8', 'W-8'],
  ]) {
    await page
      .getByRole('button', { name: lists('items.new') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: lists('items.new') });
    await dialog.getByLabel(lists('columns.display_name')).fill(display);
    await dialog.getByLabel('Part number').fill(code);
    await dialog.getByRole('button', { name: lists('actions.create') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: display, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('columnheader', { name: /Part number/ })).toBeVisible();
  await expect(total(page, 3)).toBeVisible();

  // The search finds an item by its value as well as by its name.
  const search = page.getByRole('searchbox', { name: lists('items.search') });
  await search.fill('N-8');
  await search.press('Enter');
  await expect(total(page, 1)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Nut M8', exact: true })).toBeVisible();
  await search.fill('');
  await search.press('Enter');
  await expect(total(page, 3)).toBeVisible();

  // The nut archived by selecting its row, then restored from the archive the same way.
  await actOnRow(page, 'Nut M8', lists('actions.archive'));
  await expect(total(page, 2)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Nut M8', exact: true })).toBeHidden();
  await page.getByRole('button', { name: lists('links.items_archive') }).click();
  await expect(page.getByRole('heading', { level: 1, name: lists('items.archive_title', { name }) })).toBeVisible();
  await expect(total(page, 1)).toBeVisible();
  await actOnRow(page, 'Nut M8', lists('actions.restore'));
  await expect(total(page, 0)).toBeVisible();
  await page.getByRole('button', { name: lists('links.items') }).click();
  await expect(total(page, 3)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Nut M8', exact: true })).toBeVisible();
});
