import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { prepareForSave, type TemplateDocument } from '@vigil/checklist';
import type { AuthState, Language, Skin } from '@vigil/contracts';
import type { ParsedMail } from 'mailparser';
import { startMailbox, type Mailbox } from '../../apps/server/src/test/mailbox.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, E2E_SMTP_PORT } from '../playwright.config.ts';

type Messages = Record<string, unknown>;

/** The web app's own translations, so journeys check what a person reads in each language. */
function messages(language: Language, namespace: string): Messages {
  const file = new URL(`../../apps/web/src/locales/${language}/${namespace}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Messages;
}

export function text(language: Language, namespace: string, path: string, params: Record<string, string> = {}): string {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Messages)[key], messages(language, namespace));
  if (typeof value !== 'string') throw new Error(`no message ${namespace}:${path} in ${language}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => params[name] ?? '');
}

/** A plural message (i18next `key_one`, `key_few`...) in the form the language uses for `count`. */
export function plural(language: Language, namespace: string, path: string, count: number, params: Record<string, string> = {}): string {
  return text(language, namespace, `${path}_${new Intl.PluralRules(language).select(count)}`, { ...params, count: String(count) });
}

export async function logIn(page: Page, language: Language = 'en'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(text(language, 'auth', 'login.email')).fill(DEMO_EMAIL);
  await page.getByLabel(text(language, 'auth', 'login.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: text(language, 'auth', 'login.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs out through the user menu, as a person does, and waits for the login page. */
export async function logOut(page: Page): Promise<void> {
  await pickFromPopup(
    () => page.getByTestId('user-menu').click(),
    page.getByTestId('logout'),
    () => expect(page).toHaveURL(/\/login$/, { timeout: 5000 }),
  );
}

export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await pickFromPopup(
    () => page.getByTestId('lang-switcher').click(),
    page.getByTestId(`lang-option-${language}`),
    () => expect(page.locator('html')).toHaveAttribute('lang', language, { timeout: 3000 }),
  );
}

export async function chooseSkin(page: Page, skin: Skin): Promise<void> {
  await page.getByTestId('skin-switcher').click();
  await page.getByTestId(`skin-option-${skin}`).click();
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
  await settleAnimations(page);
}

/** Waits until colour transitions have finished, so checks see the skin's final colours. */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/**
 * Fails on any serious or critical accessibility violation, naming rule and nodes. `include` checks
 * only that part (a dialog: what its mask covers is not what the person reads); `exclude` leaves out
 * elements with a known, reported violation (say why where it is used).
 */
export async function expectAccessible(page: Page, context: string, scope: { include?: string; exclude?: string[] } = {}): Promise<void> {
  // A toast floating over the page would be scored as the background of what it covers.
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 8000 });
  const axe = new AxeBuilder({ page });
  if (scope.include) axe.include(scope.include);
  for (const selector of scope.exclude ?? []) axe.exclude(selector);
  const results = await axe.analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const summary = blocking.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
  expect(summary, `accessibility violations on ${context}`).toEqual([]);
}

/** Calls the API from the signed-in page, as the web app does (session cookie and anti-forgery header). */
export async function callApi<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch(`/api${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), 'x-xsrf-token': xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as { data: unknown } };
    },
    { method, path, body },
  );
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.json)}`).toBe(200);
  return answer.json.data as T;
}

/** A template published through the API as the builder would: created, the document saved at its revision, then published. */
export async function publishTemplate(page: Page, title: string, document: TemplateDocument): Promise<string> {
  const created = await callApi<{ id: string; revision: number }>(page, 'POST', '/checklist/template/new', { title });
  const saved = await callApi<{ revision: number }>(page, 'POST', `/checklist/template/${created.id}`, {
    ...prepareForSave(document),
    revision: created.revision,
  });
  await callApi(page, 'POST', `/checklist/template/${created.id}/publish`, { revision: saved.revision });
  return created.id;
}

/**
 * A real SMTP server for the spec file that calls this (the app under test delivers there:
 * SMTP_URL in playwright.config.ts).
 */
export function useMailbox(): { mailTo: (address: string, after?: number) => Promise<ParsedMail>; mailCount: (address: string) => number } {
  let mailbox: Mailbox;
  test.beforeAll(async () => {
    mailbox = await startMailbox(E2E_SMTP_PORT);
  });
  test.afterAll(() => mailbox.close());
  return {
    /** The latest mail to the address, once more than `after` mails have reached it. */
    async mailTo(address: string, after = 0) {
      await expect.poll(() => mailbox.countTo(address), { timeout: 30_000 }).toBeGreaterThan(after);
      return (await mailbox.latestTo(address))!;
    },
    mailCount: (address: string) => mailbox.countTo(address),
  };
}

/** The path and query of the set-password link in a mail. */
export function linkIn(mail: ParsedMail): string {
  const match = /(https?:\/\/\S+\/reset-password\/\S+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in ${mail.text}`);
  const url = new URL(match[1]);
  return url.pathname + url.search;
}

export async function setPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel(text('en', 'auth', 'reset.new_password'), { exact: true }).fill(password);
  await page.getByLabel(text('en', 'auth', 'reset.confirm_password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('en', 'auth', 'reset.submit') }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel(text('en', 'auth', 'login.email')).fill(email);
  await page.getByLabel(text('en', 'auth', 'login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('en', 'auth', 'login.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}@example.test`;

/** Invites a person from /user/list through the dialog, in the page's language. */
export async function inviteThroughDialog(page: Page, language: Language, person: { firstName: string; lastName: string; email: string }) {
  await page.goto('/user/list');
  await page.getByRole('button', { name: text(language, 'users', 'invite') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text(language, 'users', 'form.first_name')).fill(person.firstName);
  await dialog.getByLabel(text(language, 'users', 'form.last_name')).fill(person.lastName);
  await dialog.getByLabel(text(language, 'users', 'form.email')).fill(person.email);
  await dialog.getByRole('button', { name: text(language, 'users', 'form.send_invitation') }).click();
  await expect(page.getByRole('row', { name: new RegExp(person.email) })).toContainText(text(language, 'users', 'status.invited'));
}

/** Creates a role with these permissions from /user/role, in the page's language. */
export async function createRoleThroughDrawer(page: Page, language: Language, name: string, permissions: string[]) {
  await page.goto('/user/role');
  await page.getByRole('button', { name: text(language, 'roles', 'new') }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(text(language, 'roles', `languages.${language}`)).fill(name);
  for (const code of permissions) await drawer.getByRole('checkbox', { name: text(language, 'roles', `permissions.${code}`) }).check();
  await drawer.getByRole('button', { name: text(language, 'roles', 'actions.save') }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
}

/** Gives a member one more role from the actions menu of /user/list, in the page's language. */
export async function addRoleThroughMenu(page: Page, language: Language, memberName: string, roleName: string) {
  await page.goto('/user/list');
  await page.getByRole('button', { name: text(language, 'users', 'actions.menu', { name: memberName }) }).click();
  await page.getByRole('menuitem', { name: text(language, 'users', 'actions.roles') }).click();
  const rolesDialog = page.getByRole('dialog');
  await rolesDialog.getByRole('combobox').click();
  await page.locator('.ant-select-item-option', { hasText: roleName }).click();
  await page.keyboard.press('Escape');
  await rolesDialog.getByRole('button', { name: text(language, 'users', 'actions.save') }).click();
  await expect(page.getByRole('row', { name: new RegExp(memberName) })).toContainText(roleName);
}

/**
 * Clicks an entry of an antd popup (a select's option, a dropdown's menu item) until `taken` holds:
 * on a loaded machine a click that lands while the popup is still opening is sometimes not taken,
 * so the popup is opened again if it closed and the click repeated.
 */
export async function pickFromPopup(open: () => Promise<void>, entry: Locator, taken: () => Promise<void>): Promise<void> {
  await expect(async () => {
    if (!(await entry.isVisible())) await open();
    await entry.click({ timeout: 5000 });
    await taken();
  }).toPass({ timeout: 30_000 });
}

/**
 * Runs `body` in a new workspace, which starts on the free plan (the demo one is on enterprise), and
 * switches back to the workspace it started in whatever happens: the next sign-in opens the workspace
 * used last, and later journeys need the demo workspace's plan.
 */
export async function inFreeWorkspace(page: Page, name: string, body: () => Promise<void>): Promise<void> {
  const startedIn = (await callApi<AuthState>(page, 'GET', '/user/auth')).workspace.id;
  const workspace = await callApi<{ id: string }>(page, 'POST', '/settings/workspaces/new', {
    name: `${name} ${Date.now().toString(36)}`,
    branch: 'DE',
  });
  await callApi(page, 'POST', `/settings/workspaces/${workspace.id}/switch`);
  try {
    await body();
  } finally {
    await callApi(page, 'POST', `/settings/workspaces/${startedIn}/switch`);
  }
}
