import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../playwright.config.ts';
import { callApi, chooseSkin, expectAccessible, logIn, plural, text } from './support.ts';

const table = (key: string, params: Record<string, string> = {}) => text('en', 'table', key, params);
const crew = (n: number) => `Crew ${String(n).padStart(2, '0')}`;

/** The group names shown in the table body, top to bottom. */
const shownNames = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row td:first-child').allInnerTexts();

async function expectRows(page: Page, names: string[]) {
  await expect.poll(() => shownNames(page)).toEqual(names);
}

/** The table takes no sort while a page is loading (DataTable ignores it): wait for the load to end first. */
async function tableSettled(page: Page) {
  await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
}

test('the groups list keeps filter, sort and page in the URL: reload, shared link and saved queries', async ({ page, browser }) => {
  test.setTimeout(120_000); // two browsers and a dozen list loads
  await logIn(page);
  for (let n = 1; n <= 12; n += 1) await callApi(page, 'POST', '/user/group/add', { name_lang: { en: crew(n) } });
  await callApi(page, 'POST', '/user/group/add', { name_lang: { en: 'Office' } });

  await page.goto('/group/list');
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'groups', 'title') })).toBeVisible();
  // Filter: the search box; sort: name descending (two clicks); page: 10 per page, page 2.
  const search = page.getByRole('searchbox', { name: text('en', 'groups', 'search') });
  await search.fill('crew');
  await search.press('Enter');
  await expect(page).toHaveURL(/filter%5Bsearch%5D%5Bvalue%5D=crew|filter\[search\]\[value\]=crew/);
  const nameHeader = page.getByRole('columnheader', { name: text('en', 'groups', 'columns.name') });
  await tableSettled(page);
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await tableSettled(page);
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('combobox', { name: table('pagination.pageSize') }).click();
  await page.locator('.ant-select-item-option', { hasText: plural('en', 'table', 'pagination.perPage', 10) }).click();
  const pages = page.getByRole('navigation', { name: table('pagination.label') });
  await pages.getByRole('button', { name: '2', exact: true }).click();
  await expectRows(page, [crew(2), crew(1)]);
  await expect(pages.getByText(plural('en', 'table', 'pagination.total', 12))).toBeVisible();

  const expectSameControls = async (on: Page) => {
    await expectRows(on, [crew(2), crew(1)]);
    await expect(on.getByRole('searchbox', { name: text('en', 'groups', 'search') })).toHaveValue('crew');
    await expect(on.getByRole('columnheader', { name: text('en', 'groups', 'columns.name') })).toHaveAttribute('aria-sort', 'descending');
    const nav = on.getByRole('navigation', { name: table('pagination.label') });
    await expect(nav.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByText(plural('en', 'table', 'pagination.perPage', 10))).toBeVisible();
  };

  await page.reload();
  await expectSameControls(page);

  // A shared link: a fresh browser signs in and lands on the same rows.
  const link = page.url();
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/login\?redirect_uri=/);
  await visitor.getByLabel(text('en', 'auth', 'login.email')).fill(DEMO_EMAIL);
  await visitor.getByLabel(text('en', 'auth', 'login.password'), { exact: true }).fill(DEMO_PASSWORD);
  await visitor.getByRole('button', { name: text('en', 'auth', 'login.submit') }).click();
  await expect(visitor).toHaveURL(link);
  await expectSameControls(visitor);
  await other.close();

  // Saved queries: add the current query as a tab, change it (unsaved marker), rename, delete.
  const tabs = page.getByRole('tablist');
  const queryActions = page.getByRole('toolbar', { name: table('savedQuery.actions') });
  await expect(tabs.getByRole('tab', { name: table('savedQuery.default') })).toHaveAttribute('aria-selected', 'true');
  await queryActions.getByRole('button', { name: table('savedQuery.add') }).click();
  const naming = page.getByRole('dialog');
  await naming.getByLabel(table('savedQuery.name')).fill('Crews');
  await naming.getByRole('button', { name: table('savedQuery.save') }).click();
  await expect(tabs.getByRole('tab', { name: 'Crews' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]sq=q_/);
  const unsaved = page.getByLabel(table('savedQuery.unsaved'));
  await expect(unsaved).toHaveCount(0);

  await tableSettled(page);
  await page.getByRole('columnheader', { name: text('en', 'groups', 'columns.name') }).click();
  await expect(unsaved).toHaveCount(1);
  await queryActions.getByRole('button', { name: table('savedQuery.save') }).click();
  await expect(unsaved).toHaveCount(0);

  await queryActions.getByRole('button', { name: table('savedQuery.rename') }).click();
  await page.getByRole('dialog').getByLabel(table('savedQuery.name')).fill('All crews');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: table('savedQuery.save') })
    .click();
  await expect(tabs.getByRole('tab', { name: 'All crews' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(tabs.getByRole('tab', { name: 'All crews' })).toHaveAttribute('aria-selected', 'true');

  await queryActions.getByRole('button', { name: table('savedQuery.delete') }).click();
  await page.getByRole('button', { name: text('en', 'common', 'actions.confirm') }).click();
  await expect(tabs.getByRole('tab', { name: 'All crews' })).toHaveCount(0);
  await expect(tabs.getByRole('tab', { name: table('savedQuery.default') })).toHaveAttribute('aria-selected', 'true');
  await expect(page).not.toHaveURL(/sq=/);
  await expect(page.getByRole('cell', { name: 'Office', exact: true })).toBeVisible();
});

test('the groups list and its delete confirmation pass the accessibility check in every skin', async ({ page }) => {
  test.setTimeout(120_000); // six accessibility scans
  await logIn(page);
  await callApi(page, 'POST', '/user/group/add', { name_lang: { en: 'Night shift' } });
  await page.goto('/group/list');
  const groupRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'Night shift' });
  const remove = groupRow.getByRole('button', { name: text('en', 'groups', 'delete') });
  for (const skin of ['light', 'semi-dark', 'dark'] as const) {
    await chooseSkin(page, skin);
    // The skin menu closes over the page: a hovered button is not what is checked.
    await page.mouse.move(0, 0);
    await expect(remove).toBeVisible();
    await expectAccessible(page, `the groups list (${skin})`);
    await remove.click();
    const dialog = page.getByRole('dialog', { name: text('en', 'groups', 'confirm_delete', { name: 'Night shift' }) });
    await expect(dialog).toBeVisible();
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await expectAccessible(page, `the delete confirmation (${skin})`);
    await dialog.getByRole('button', { name: text('en', 'common', 'actions.cancel') }).click();
    await expect(dialog).toHaveCount(0);
  }
});
