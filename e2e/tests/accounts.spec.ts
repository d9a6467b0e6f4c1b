import { expect, test } from '@playwright/test';
import {
  addRoleThroughMenu,
  chooseLanguage,
  createRoleThroughDrawer,
  expectAccessible,
  inviteThroughDialog,
  linkIn,
  logIn,
  setPassword,
  signIn,
  text,
  unique,
  useMailbox,
} from './support.ts';

const { mailTo } = useMailbox();

test('register, open the mail, set a password and sign in to the new workspace', async ({ page }) => {
  const email = unique('newcomer');
  await page.goto('/login');
  await page.getByRole('link', { name: text('en', 'auth', 'login.register') }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel(text('en', 'auth', 'register.first_name')).fill('R2D2');
  await page.getByLabel(text('en', 'auth', 'register.last_name')).fill('Newcomer');
  await page.getByLabel(text('en', 'auth', 'login.email')).fill(email);
  await page.getByRole('button', { name: text('en', 'auth', 'register.submit') }).click();
  await expect(page.getByText(text('en', 'common', 'validation.alpha'))).toBeVisible();
  await page.getByLabel(text('en', 'auth', 'register.first_name')).fill('Nora');
  await page.getByRole('button', { name: text('en', 'auth', 'register.submit') }).click();
  await expect(page.getByText(text('en', 'auth', 'register.sent_text', { email }))).toBeVisible();

  const mail = await mailTo(email);
  expect(mail.subject).toBe('Confirm your Vigil account');
  await setPassword(page, linkIn(mail), 'nora has a long password');
  await signIn(page, email, 'nora has a long password');
  // The founder administers the new workspace: user management is in the menu.
  await expect(page.getByTestId('side-menu').locator('a[href="/user/list"]')).toHaveCount(1);
});

test('invite a user, accept by mail, and sign in as them with only what the default role allows', async ({ page }) => {
  const email = unique('invitee');
  await logIn(page);
  await inviteThroughDialog(page, 'en', { firstName: 'Ivy', lastName: 'Invitee', email });

  const mail = await mailTo(email);
  expect(mail.subject).toMatch(/invited you to/);
  await page.context().clearCookies();
  await setPassword(page, linkIn(mail), 'ivy has a long password');
  await signIn(page, email, 'ivy has a long password');

  const menu = page.getByTestId('side-menu');
  await expect(menu.locator('a[href="/inspections"]')).toHaveCount(1);
  await expect(menu.locator('a[href="/user/list"]')).toHaveCount(0);
  await page.goto('/user/list');
  await expect(page.getByText(text('en', 'shell', 'forbidden.title'))).toBeVisible();
});

test('give a member a new role and watch its menu entry appear', async ({ page, browser }) => {
  test.setTimeout(120_000); // two browsers and a mail round trip
  const email = unique('promoted');
  await logIn(page);
  await inviteThroughDialog(page, 'en', { firstName: 'Pat', lastName: 'Promoted', email });

  const member = await browser.newPage();
  await setPassword(member, linkIn(await mailTo(email)), 'pat has a long password');
  await signIn(member, email, 'pat has a long password');
  await expect(member.getByTestId('side-menu').locator('a[href="/group/list"]')).toHaveCount(0);

  // The administrator creates a role that may view groups and gives it to the member.
  await createRoleThroughDrawer(page, 'en', 'Group viewer', ['USR_VIEW_GROUP_LIST']);
  await addRoleThroughMenu(page, 'en', 'Pat Promoted', 'Group viewer');

  await member.reload();
  await expect(member.getByTestId('side-menu').locator('a[href="/group/list"]')).toHaveCount(1);
  await member.goto('/group/list');
  await expect(member.getByRole('heading', { level: 1, name: text('en', 'groups', 'title') })).toBeVisible();
  await expect(member.getByRole('button', { name: text('en', 'groups', 'add') })).toHaveCount(0);
  await member.close();
});

test('register in Arabic: right to left, accessible, and the mail in Arabic', async ({ page }) => {
  const email = unique('arabic');
  await page.goto('/register');
  await chooseLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: text('ar', 'auth', 'register.title') })).toBeVisible();
  await expectAccessible(page, '/register in ar');
  await page.getByLabel(text('ar', 'auth', 'register.first_name')).fill('ليلى');
  await page.getByLabel(text('ar', 'auth', 'register.last_name')).fill('حداد');
  await page.getByLabel(text('ar', 'auth', 'login.email')).fill(email);
  await page.getByRole('button', { name: text('ar', 'auth', 'register.submit') }).click();
  await expect(page.getByText(text('ar', 'auth', 'register.sent_title'))).toBeVisible();
  const mail = await mailTo(email);
  expect(mail.subject).toBe('أكّد حسابك في Vigil');
  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { level: 1, name: text('ar', 'auth', 'reset.title') })).toBeVisible();
  await expectAccessible(page, '/reset-password in ar');
});
