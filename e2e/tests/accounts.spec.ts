import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { E2E_SMTP_PORT } from '../playwright.config.ts';
import { chooseLanguage, expectAccessible, logIn, text } from './support.ts';

/** The server under test delivers its mail here (SMTP_URL in playwright.config.ts). */
const inbox: Array<{ to: string[]; raw: string }> = [];
let smtp: SMTPServer;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
  expect((smtp.server.address() as AddressInfo).port).toBe(E2E_SMTP_PORT);
});

test.afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

async function mailTo(address: string): Promise<ParsedMail> {
  await expect.poll(() => inbox.some((m) => m.to.includes(address)), { timeout: 30_000 }).toBe(true);
  return simpleParser(inbox.filter((m) => m.to.includes(address)).at(-1)!.raw);
}

/** The path and query of the set-password link in a mail. */
function linkIn(mail: ParsedMail): string {
  const match = /(https?:\/\/\S+\/reset-password\/\S+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in ${mail.text}`);
  const url = new URL(match[1]!);
  return url.pathname + url.search;
}

async function setPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel(text('en', 'auth', 'reset.new_password'), { exact: true }).fill(password);
  await page.getByLabel(text('en', 'auth', 'reset.confirm_password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('en', 'auth', 'reset.submit') }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel(text('en', 'auth', 'login.email')).fill(email);
  await page.getByLabel(text('en', 'auth', 'login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('en', 'auth', 'login.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}@example.test`;

test('register, open the mail, set a password and sign in to the new workspace', async ({ page }) => {
  const email = unique('newcomer');
  await page.goto('/login');
  await page.getByRole('link', { name: text('en', 'auth', 'login.register') }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel(text('en', 'auth', 'register.first_name')).fill('R2D2');
  await page.getByLabel(text('en', 'auth', 'register.last_name')).fill('Newcomer');
  await page.getByLabel(text('en', 'auth', 'login.email')).fill(email);
  await page.getByRole('button', { name: text('en', 'auth', 'register.submit') }).click();
  await expect(page.getByText(text('en', 'auth', 'validation.alpha'))).toBeVisible();
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
  await page.goto('/user/list');
  await page.getByRole('button', { name: text('en', 'users', 'invite') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text('en', 'users', 'form.first_name')).fill('Ivy');
  await dialog.getByLabel(text('en', 'users', 'form.last_name')).fill('Invitee');
  await dialog.getByLabel(text('en', 'users', 'form.email')).fill(email);
  await dialog.getByRole('button', { name: text('en', 'users', 'form.send_invitation') }).click();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText(text('en', 'users', 'status.invited'));

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
  const email = unique('promoted');
  await logIn(page);
  await page.goto('/user/list');
  await page.getByRole('button', { name: text('en', 'users', 'invite') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text('en', 'users', 'form.first_name')).fill('Pat');
  await dialog.getByLabel(text('en', 'users', 'form.last_name')).fill('Promoted');
  await dialog.getByLabel(text('en', 'users', 'form.email')).fill(email);
  await dialog.getByRole('button', { name: text('en', 'users', 'form.send_invitation') }).click();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();

  const member = await browser.newPage();
  await setPassword(member, linkIn(await mailTo(email)), 'pat has a long password');
  await signIn(member, email, 'pat has a long password');
  await expect(member.getByTestId('side-menu').locator('a[href="/group/list"]')).toHaveCount(0);

  // The administrator creates a role that may view groups and gives it to the member.
  await page.goto('/user/role');
  await page.getByRole('button', { name: text('en', 'roles', 'new') }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(text('en', 'roles', 'languages.en')).fill('Group viewer');
  await drawer.getByRole('checkbox', { name: text('en', 'roles', 'permissions.USR_VIEW_GROUP_LIST') }).check();
  await drawer.getByRole('button', { name: text('en', 'roles', 'actions.save') }).click();
  await expect(page.getByRole('row', { name: /Group viewer/ })).toBeVisible();

  await page.goto('/user/list');
  await page.getByRole('button', { name: text('en', 'users', 'actions.menu', { name: 'Pat Promoted' }) }).click();
  await page.getByRole('menuitem', { name: text('en', 'users', 'actions.roles') }).click();
  const rolesDialog = page.getByRole('dialog');
  await rolesDialog.getByRole('combobox').click();
  await page.locator('.ant-select-item-option', { hasText: 'Group viewer' }).click();
  await page.keyboard.press('Escape');
  await rolesDialog.getByRole('button', { name: text('en', 'users', 'actions.save') }).click();
  await expect(page.getByRole('row', { name: /Pat Promoted/ })).toContainText('Group viewer');

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
