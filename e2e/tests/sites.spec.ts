import { expect, test, type Page } from '@playwright/test';
import type { Language, Skin } from '@vigil/contracts';
import { callApi, chooseLanguage, chooseSkin, expectAccessible, logIn, pickFromPopup, text } from './support.ts';

/**
 * Issue 14: a site tree. A structure is created from the list, a site holding a real asset is placed
 * under its root, the spec's refusals come first, and the saved tree is there after a reload.
 */
async function siteJourney(page: Page, language: Language, skin?: Skin) {
  const s = (key: string, params: Record<string, string> = {}) => text(language, 'sites', key, params);
  await logIn(page);
  if (language !== 'en') await chooseLanguage(page, language);
  if (skin) await chooseSkin(page, skin);
  const suffix = `${language}-${Date.now().toString(36)}`;
  const type = await callApi<{ id: string }>(page, 'POST', '/assets/types/new', { name: `Docks ${suffix}`, fields: [], order: {} });
  const assetId = `DOCK-${suffix}`.toUpperCase();
  await callApi(page, 'POST', '/assets/new', { asset_id: assetId, display_name: `Dock ${suffix}`, type_id: type.id, fields: {} });

  await page.goto('/manage/sections');
  await page.getByRole('button', { name: s('list.new') }).click();
  const dialog = page.getByRole('dialog', { name: s('list.new') });
  await dialog.getByLabel(s('list.columns.title')).fill(`Port ${suffix}`);
  await dialog.getByRole('button', { name: s('actions.create') }).click();
  await expect(page).toHaveURL(/\/section\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Port ${suffix}` })).toBeVisible();

  // A site without a title or an asset is refused with the spec's messages, before anything is sent.
  await page.getByRole('button', { name: s('editor.add_child') }).click();
  await page.getByRole('switch', { name: s('editor.is_site') }).click();
  await page.getByRole('button', { name: s('editor.save') }).click();
  await expect(page.getByRole('alert').filter({ hasText: s('problems.titles_required') })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: s('problems.asset_required') })).toBeVisible();

  await page.getByLabel(s('editor.node_title')).fill('Dock 4');
  const picker = page.getByRole('combobox', { name: s('editor.asset') });
  await picker.fill(assetId.toLowerCase());
  await pickFromPopup(
    () => picker.click(),
    page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title^="${assetId} "]`),
    () => expect(page.getByTestId('site-node-editor').getByTitle(new RegExp(`^${assetId} `))).toBeVisible({ timeout: 2000 }),
  );
  if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  if (skin) {
    await page.mouse.move(0, 0);
    await expectAccessible(page, `site structure (${language}, ${skin})`);
  }
  await page.getByRole('button', { name: s('editor.save') }).click();
  await expect(page.getByRole('button', { name: s('editor.save') })).toBeDisabled({ timeout: 10_000 });

  // Saved whole: the site and its asset are there after a reload, and the search finds it by its asset.
  await page.reload();
  const tree = page.getByRole('tree', { name: s('editor.tree') });
  await expect(tree.getByText('Dock 4')).toBeVisible();
  await expect(tree.getByText(`(${assetId})`)).toBeVisible();
  const found = await callApi<{ title: string; path: string[] }[]>(page, 'GET', `/resources/sites/search?q=${encodeURIComponent(assetId)}`);
  expect(found).toEqual([expect.objectContaining({ title: 'Dock 4', path: [`Port ${suffix}`] })]);
}

test('a site tree: a structure with a site holding an asset, refused first, then saved and found', async ({ page }) => {
  await siteJourney(page, 'en');
});

test('the same in Arabic, right to left, in the dark skin, with an accessibility scan', async ({ page }) => {
  await siteJourney(page, 'ar', 'dark');
});
