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
