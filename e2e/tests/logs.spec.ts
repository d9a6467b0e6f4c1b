import { expect, test } from '@playwright/test';
import { callApi, chooseLanguage, expectAccessible, logIn, text } from './support.ts';

const logs = (key: string, params: Record<string, string> = {}) => text('en', 'logs', key, params);

test('the activity logs show who changed what, filter by type in the URL, and count each type', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  const group = await callApi<{ id: string }>(page, 'POST', '/user/group/add', { name_lang: { en: `Audit ${Date.now().toString(36)}` } });
  await callApi(page, 'PUT', `/user/group/${group.id}`, { name_lang: { en: 'Audit trail' } });

  await page.goto('/log/user-activity-log');
  await expect(page.getByRole('heading', { level: 1, name: logs('users.title') })).toBeVisible();
  const renamed = page.getByRole('row', { name: new RegExp(group.id) }).filter({ hasText: logs('types.group.updated') });
  await expect(renamed).toContainText('admin@vigil.local');
  await renamed.getByRole('button', { name: logs('changes.show', { count: '1' }) }).click();
  await expect(page.locator('.ant-popover')).toContainText('Audit trail');

  // Filter by type: the rows and the URL follow.
  await page.getByRole('button', { name: text('en', 'table', 'filters.title') }).click();
  const typeFilter = page.getByRole('combobox', { name: logs('filters.type') });
  await typeFilter.fill(logs('types.group.updated'));
  await typeFilter.press('Enter');
  await expect(page.getByRole('tooltip').getByTitle(logs('types.group.updated'))).toBeVisible();
  await page.getByRole('button', { name: text('en', 'table', 'filters.apply') }).click();
  await expect(page).toHaveURL(/filter%5Btype%5D|filter\[type\]/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect.poll(async () => [...new Set(await rows.locator('td:nth-child(3)').allInnerTexts())]).toEqual([logs('types.group.updated')]);
  await page.reload();
  await expect(renamed).toBeVisible();

  // My activity holds the same records; the types page counts them.
  await page.goto('/log/activity-log');
  await expect(page.getByRole('heading', { level: 1, name: logs('mine.title') })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(group.id) }).first()).toBeVisible();
  await page.goto('/log/activity-types');
  const created = page.getByRole('row').filter({ has: page.getByText('group.created', { exact: true }) });
  await expect(created).toContainText(logs('types.group.created'));
  await expect(created).toContainText(logs('areas.groups'));
});

test('the log screens read right to left in Arabic and pass the accessibility checks', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  await callApi(page, 'POST', '/user/group/add', { name_lang: { ar: 'فريق التدقيق' } });
  await chooseLanguage(page, 'ar');
  for (const [path, title] of [
    ['/log/user-activity-log', 'users.title'],
    ['/log/activity-log', 'mine.title'],
    ['/log/activity-types', 'types_page.title'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: text('ar', 'logs', title) })).toBeVisible();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await expectAccessible(page, `${path} in ar`);
  }
});
