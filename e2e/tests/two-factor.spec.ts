import { expect, test, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../playwright.config.ts';
import { chooseLanguage, expectAccessible, logIn, logOut, text, useMailbox } from './support.ts';

// Each journey signs in twice and waits for mail: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

const { mailTo, mailCount } = useMailbox();

const t = (path: string, params?: Record<string, string>) => text('en', 'account', path, params);
const a = (path: string, params?: Record<string, string>) => text('en', 'auth', path, params);

/** The sign-in code of the next mail to arrive for the address after `seen` mails. */
async function codeMailed(address: string, seen: number): Promise<string> {
  const mail = await mailTo(address, seen);
  expect(mail.subject).toBe('Your Vigil sign-in code');
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`no code in ${mail.text}`);
  return code;
}

async function openTwoFactorTab(page: Page) {
  await page.goto('/user/account-settings');
  await page.getByRole('tab', { name: t('tabs.two_factor') }).click();
}

async function confirmWithPassword(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('two_factor.password')).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

async function enterPassword(page: Page) {
  await page.getByLabel(a('login.email')).fill(DEMO_EMAIL);
  await page.getByLabel(a('login.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: a('login.submit') }).click();
  await expect(page).toHaveURL(/\/2fa\//);
}

async function turnOff(page: Page) {
  await openTwoFactorTab(page);
  await page.getByRole('button', { name: t('two_factor.turn_off') }).click();
  await confirmWithPassword(page, t('two_factor.turn_off'));
  await expect(page.getByText(t('two_factor.off'), { exact: true })).toBeVisible();
}

test('sign in with an e-mailed code: a wrong code shows the message, the mailed one opens the dashboard', async ({ page }) => {
  await logIn(page);
  await openTwoFactorTab(page);
  await expect(page.getByText(t('two_factor.off'), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: t('two_factor.use_email') }).click();
  await confirmWithPassword(page, t('two_factor.turn_on'));
  await expect(page.getByText(t('two_factor.methods.email'), { exact: true })).toBeVisible();
  await logOut(page);

  const seen = mailCount(DEMO_EMAIL);
  await enterPassword(page);
  await expect(page.getByRole('heading', { name: a('two_factor.title') })).toBeVisible();
  await expect(page.getByText(a('two_factor.sent_to', { digits: '6', to: 'ad***@vigil.local' }))).toBeVisible();
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  await expect(page.getByText(/The code expires in (9|10):\d\d\./)).toBeVisible();
  await expectAccessible(page, '/2fa');

  const code = await codeMailed(DEMO_EMAIL, seen);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const field = page.getByLabel(a('two_factor.code', { digits: '6' }));
  await field.fill('12');
  await page.getByRole('button', { name: a('two_factor.submit') }).click();
  await expect(page.getByText(a('two_factor.code_format', { digits: '6' }))).toBeVisible();
  await field.fill(wrong);
  await page.getByRole('button', { name: a('two_factor.submit') }).click();
  await expect(page.getByText('This code is not right. Tries left: 4.')).toBeVisible();
  await expect(page).toHaveURL(/\/2fa\//);

  await field.fill(code);
  await page.getByRole('button', { name: a('two_factor.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await turnOff(page);
});

test('set up an authenticator app from the QR code, then sign in with its code or a recovery code', async ({ page }) => {
  await logIn(page);
  await openTwoFactorTab(page);
  await page.getByRole('button', { name: t('two_factor.use_app') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('two_factor.password')).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: t('two_factor.continue') }).click();
  await expect(dialog.getByRole('img', { name: t('two_factor.qr_alt') })).toBeVisible();
  await expectAccessible(page, 'the authenticator set-up');
  const secret = (await dialog.getByTestId('totp-secret').innerText()).trim();
  await dialog.getByLabel(t('two_factor.app_code', { digits: '6' })).fill(generateSync({ secret }));
  await dialog.getByRole('button', { name: t('two_factor.confirm_app') }).click();
  const codes = dialog.getByRole('list', { name: t('two_factor.recovery_codes') }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().innerText()).trim();
  await dialog.getByRole('button', { name: t('two_factor.saved_codes') }).click();
  await expect(page.getByText(t('two_factor.methods.totp'), { exact: true })).toBeVisible();
  await logOut(page);

  // The code used to confirm cannot sign in again within its window: a recovery code can.
  await enterPassword(page);
  await expect(page.getByText(a('two_factor.app_subtitle'))).toBeVisible();
  await page.getByRole('button', { name: a('two_factor.use_recovery_code') }).click();
  await page.getByLabel(a('two_factor.recovery_code')).fill(recovery);
  await page.getByRole('button', { name: a('two_factor.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await openTwoFactorTab(page);
  await expect(page.getByText('9', { exact: true })).toBeVisible();
  await turnOff(page);
});

test('a workspace that requires a second factor: the administrator turns it on, and the next sign-in asks for a code, in Arabic', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/settings/security');
  const requirement = page.getByRole('switch', { name: t('security_settings.two_factor_required') });
  await expect(requirement).toHaveAttribute('aria-checked', 'false');
  await requirement.click();
  await page.getByRole('button', { name: t('security_settings.turn_on') }).click();
  await expect(requirement).toHaveAttribute('aria-checked', 'true');
  await logOut(page);

  await chooseLanguage(page, 'ar');
  const seen = mailCount(DEMO_EMAIL);
  await page.getByLabel(text('ar', 'auth', 'login.email')).fill(DEMO_EMAIL);
  await page.getByLabel(text('ar', 'auth', 'login.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: text('ar', 'auth', 'login.submit') }).click();
  await expect(page).toHaveURL(/\/2fa\//);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: text('ar', 'auth', 'two_factor.title') })).toBeVisible();
  await expectAccessible(page, '/2fa in Arabic');
  await page.getByLabel(text('ar', 'auth', 'two_factor.code', { digits: '6' })).fill(await codeMailed(DEMO_EMAIL, seen));
  await page.getByRole('button', { name: text('ar', 'auth', 'two_factor.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await chooseLanguage(page, 'en');
  await page.goto('/settings/security');
  await page.getByRole('switch', { name: t('security_settings.two_factor_required') }).click();
  await page.getByRole('button', { name: t('security_settings.turn_off') }).click();
  await expect(page.getByRole('switch', { name: t('security_settings.two_factor_required') })).toHaveAttribute('aria-checked', 'false');
});
