import { expect, test } from '@playwright/test';
import { DEMO_EMAIL } from '../playwright.config.ts';
import { callApi, chooseLanguage, expectAccessible, logIn, text } from './support.ts';

const logs = (key: string, params: Record<string, string> = {}) => text('en', 'logs', key, params);

test('the activity logs show who changed what by name, only the changed fields, sign-ins, a type filter in the URL, and type counts', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A wrong password first: the page answers as for any refusal, the log records it for the account.
  await page.goto('/login');
  await page.getByLabel(text('en', 'auth', 'login.email')).fill(DEMO_EMAIL);
  await page.getByLabel(text('en', 'auth', 'login.password'), { exact: true }).fill('not the password');
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/login'));
  await page.getByRole('button', { name: text('en', 'auth', 'login.submit') }).click();
  expect((await refused).status()).toBe(401);
  await logIn(page);

  // An edit through the groups screen.
  const name = `Audit ${Date.now().toString(36)}`;
  const renamedTo = `${name} trail`;
  const group = await callApi<{ id: string }>(page, 'POST', '/user/group/add', { name_lang: { en: name } });
  await page.goto('/group/list');
  await page.getByRole('searchbox', { name: text('en', 'groups', 'search') }).fill(name);
  await page.getByRole('searchbox', { name: text('en', 'groups', 'search') }).press('Enter');
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: text('en', 'groups', 'edit') })
    .click();
  const dialog = page.getByRole('dialog', { name: text('en', 'groups', 'edit_title') });
  await dialog.getByLabel(text('en', 'groups', 'languages.en')).fill(renamedTo);
  await dialog.getByRole('button', { name: text('en', 'groups', 'save') }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/log/user-activity-log');
  await expect(page.getByRole('heading', { level: 1, name: logs('users.title') })).toBeVisible();
  const renamed = page
    .getByRole('row')
    .filter({ hasText: logs('types.group.updated') })
    .filter({ hasText: renamedTo });
  await expect(renamed).toContainText('admin@vigil.local');
  await expect(renamed).toContainText(`${logs('fields.name_lang')}: ${name} ${logs('changes.arrow')} ${renamedTo}`);
  await expect(renamed.getByRole('link', { name: renamedTo })).toHaveAttribute('href', `/group/${group.id}/users`);
  await expect(renamed).not.toContainText(group.id);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: logs('types.user.signed_in') })
      .first(),
  ).toContainText(logs('fields.device'));
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: logs('types.user.sign_in_failed') })
      .first(),
  ).toBeVisible();

  // Deleted, the group keeps its name in the log, without a link.
  await callApi(page, 'DELETE', `/user/group/${group.id}`);
  await page.reload();
  await expect(renamed).toContainText(logs('object.deleted'));
  await expect(renamed.getByRole('link', { name: renamedTo })).toHaveCount(0);

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
  await expect(page.getByRole('row').filter({ hasText: logs('types.user.signed_in') })).toHaveCount(0);

  // My activity holds the same records; the types page counts them.
  await page.goto('/log/activity-log');
  await expect(page.getByRole('heading', { level: 1, name: logs('mine.title') })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: renamedTo }).first()).toBeVisible();
  await page.goto('/log/activity-types');
  const created = page.getByRole('row').filter({ has: page.getByText('group.created', { exact: true }) });
  await expect(created).toContainText(logs('types.group.created'));
  await expect(created).toContainText(logs('areas.groups'));
});

test('the log screens read right to left in Arabic, with Arabic labels, and pass the accessibility checks', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  const group = await callApi<{ id: string }>(page, 'POST', '/user/group/add', { name_lang: { ar: 'فريق التدقيق' } });
  await callApi(page, 'PUT', `/user/group/${group.id}`, { name_lang: { ar: 'فريق المراجعة' } });
  await chooseLanguage(page, 'ar');
  const ar = (key: string) => text('ar', 'logs', key);
  await page.goto('/log/user-activity-log');
  const renamed = page
    .getByRole('row')
    .filter({ hasText: ar('types.group.updated') })
    .filter({ hasText: 'فريق المراجعة' });
  await expect(renamed).toContainText(`${ar('fields.name_lang')}: فريق التدقيق ${ar('changes.arrow')} فريق المراجعة`);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: ar('types.user.signed_in') })
      .first(),
  ).toContainText(ar('fields.device'));
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
