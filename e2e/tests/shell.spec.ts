import { expect, test } from '@playwright/test';
import { LANGUAGES, SKINS } from '@vigil/contracts';
import { DEMO_EMAIL } from '../playwright.config.ts';
import { chooseLanguage, chooseSkin, expectAccessible, logIn, logOut, text } from './support.ts';

test.describe('signing in', () => {
  test('a logged-out visitor is sent to the login page and comes back where they were going', async ({ page }) => {
    await page.goto('/kb');
    await expect(page).toHaveURL(/\/login\?redirect_uri=%2Fkb$/);
    await page.getByLabel(text('en', 'auth', 'login.email')).fill(DEMO_EMAIL);
    await page.getByLabel(text('en', 'auth', 'login.password'), { exact: true }).fill('e2e-demo-password');
    await page.getByRole('button', { name: text('en', 'auth', 'login.submit') }).click();
    await expect(page).toHaveURL(/\/kb$/);
  });

  test('a redirect to another site is ignored', async ({ page }) => {
    await page.goto('/login?redirect_uri=//evil.example/steal');
    await page.getByLabel(text('en', 'auth', 'login.email')).fill(DEMO_EMAIL);
    await page.getByLabel(text('en', 'auth', 'login.password'), { exact: true }).fill('e2e-demo-password');
    await page.getByRole('button', { name: text('en', 'auth', 'login.submit') }).click();
    await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
  });

  test('a wrong password shows the generic message and stays on the login page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel(text('en', 'auth', 'login.email')).fill(DEMO_EMAIL);
    await page.getByLabel(text('en', 'auth', 'login.password'), { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: text('en', 'auth', 'login.submit') }).click();
    await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('the form checks the e-mail before sending', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel(text('en', 'auth', 'login.email')).fill('not-an-email');
    await page.getByRole('button', { name: text('en', 'auth', 'login.submit') }).click();
    await expect(page.getByText(text('en', 'common', 'validation.email'))).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('logging out ends the session', async ({ page }) => {
    await logIn(page);
    await logOut(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('the shell', () => {
  test('the dashboard welcomes the administrator with the three cards and the menu', async ({ page }) => {
    await logIn(page);
    await expect(page.getByRole('heading', { name: text('en', 'dashboard', 'welcome.title', { name: 'Demo' }) })).toBeVisible();
    for (const card of ['docs', 'tutorials', 'app']) {
      await expect(page.getByText(text('en', 'dashboard', `cards.${card}.title`), { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect(page.getByTestId('help-banner')).toBeVisible();
  });

  test('an unknown page shows page-not-found with a way home', async ({ page }) => {
    await logIn(page);
    await page.goto('/no/such/page');
    await expect(page.getByText(text('en', 'shell', 'routes.not_found')).first()).toBeVisible();
    await page
      .getByRole('link', { name: text('en', 'shell', 'back_home') })
      .or(page.getByRole('button', { name: text('en', 'shell', 'back_home') }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the plans page shows the four plans with a monthly and annual choice', async ({ page }) => {
    await logIn(page);
    await page.goto('/workspace/settings/plans');
    for (const plan of ['free', 'standard', 'premium', 'enterprise']) {
      await expect(page.getByTestId(`plan-card-${plan}`)).toBeVisible();
    }
  });

  test('the choice of skin is kept across a reload', async ({ page }) => {
    await logIn(page);
    await chooseSkin(page, 'dark');
    await page.reload();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    const background = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r + g + b).toBeLessThan(150);
  });
});

for (const language of LANGUAGES) {
  test(`the shell in ${language}: translated, ${language === 'ar' ? 'right to left' : 'left to right'}, accessible in every skin`, async ({
    page,
  }) => {
    await logIn(page);
    await chooseLanguage(page, language);
    const direction = language === 'ar' ? 'rtl' : 'ltr';
    await expect(page.locator('html')).toHaveAttribute('dir', direction);
    await expect(page.getByRole('heading', { name: text(language, 'dashboard', 'welcome.title', { name: 'Demo' }) })).toBeVisible();
    await expect(page.getByText(text(language, 'dashboard', 'cards.docs.title'), { exact: true })).toBeVisible();

    const menu = await page.getByTestId('side-menu').boundingBox();
    const viewport = page.viewportSize()!;
    if (language === 'ar') expect(menu!.x).toBeGreaterThan(viewport.width / 2);
    else expect(menu!.x).toBeLessThan(viewport.width / 2);

    for (const skin of SKINS) {
      await chooseSkin(page, skin);
      await expectAccessible(page, `dashboard (${language}, ${skin})`);
    }

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await chooseSkin(page, 'light');
  });
}
