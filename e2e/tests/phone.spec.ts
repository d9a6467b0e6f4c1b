import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, logIn, text } from './support.ts';

// A phone held upright (issue 12.3): the inspection screens will mostly be used like this.
test.use({ viewport: { width: 390, height: 844 } });

async function expectNoSidewaysScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${screen} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

test('on a phone the menu is a drawer that takes no width until opened and closes on a choice', async ({ page }) => {
  await logIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('side-menu')).toBeHidden();
  const content = await page.locator('#main-content').boundingBox();
  expect(content!.x).toBe(0);
  await expectNoSidewaysScroll(page, 'the dashboard');

  await page.getByRole('button', { name: text('en', 'shell', 'menu.expand') }).click();
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: text('en', 'shell', 'menu.groups') }).click();
  await expect(page).toHaveURL(/\/group\/list$/);
  await expect(menu).toBeHidden();

  // A list keeps its headers on one line and scrolls sideways inside its own box.
  await page.goto('/user/list');
  const email = page.getByRole('columnheader', { name: text('en', 'users', 'columns.email') });
  await expect(email).toBeVisible();
  expect((await email.boundingBox())!.height).toBeLessThan(60);
  await expectNoSidewaysScroll(page, 'the user list');

  // The hint reads across the banner, its link following the words.
  const banner = page.getByTestId('help-banner');
  const hint = banner.getByText(text('en', 'shell', 'help.users'));
  expect((await hint.boundingBox())!.width).toBeGreaterThan((await banner.boundingBox())!.width * 0.7);
  await expect(hint.getByRole('link', { name: text('en', 'shell', 'help.read_more') })).toBeVisible();

  // The list's toolbar keeps search and filters on one line with a "More" menu for its other tools.
  const more = page.getByRole('button', { name: text('en', 'common', 'actions.more') });
  const filters = page.getByRole('button', { name: text('en', 'table', 'filters.title') });
  await expect(page.getByRole('button', { name: text('en', 'table', 'refresh') })).toHaveCount(0);
  expect(Math.abs((await more.boundingBox())!.y - (await filters.boundingBox())!.y)).toBeLessThan(4);
  await more.click();
  await expect(page.getByRole('menuitem', { name: text('en', 'table', 'refresh') })).toBeVisible();
  await page.keyboard.press('Escape');

  // A page header keeps its main action and gathers the others in its own "More" menu.
  await page.goto('/checklist/templates');
  await expect(page.getByRole('button', { name: text('en', 'templates', 'actions.new_template') })).toBeVisible();
  await expect(page.getByRole('button', { name: text('en', 'templates', 'actions.import') })).toHaveCount(0);
  await page
    .getByRole('button', { name: text('en', 'common', 'actions.more') })
    .first()
    .click();
  await expect(page.getByRole('menuitem', { name: text('en', 'templates', 'actions.import') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoSidewaysScroll(page, 'the templates list');

  await page.goto('/kb/articles/product-update');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page, 'a knowledge-base article');
});

test('in Arabic the phone menu opens from the right', async ({ page }) => {
  await logIn(page);
  await chooseLanguage(page, 'ar');
  await page.getByRole('button', { name: text('ar', 'shell', 'menu.expand') }).click();
  const box = await page.getByTestId('side-menu').boundingBox();
  expect(box!.x + box!.width).toBeGreaterThan(390 - 2);
  await expectNoSidewaysScroll(page, 'the dashboard in Arabic');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await chooseLanguage(page, 'en');
});
