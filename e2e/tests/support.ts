import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Language, Skin } from '@vigil/contracts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../playwright.config.ts';

type Messages = Record<string, unknown>;

/** The web app's own translations, so journeys check what a person reads in each language. */
export function messages(language: Language, namespace: string): Messages {
  const file = new URL(`../../apps/web/src/locales/${language}/${namespace}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Messages;
}

export function text(language: Language, namespace: string, path: string, params: Record<string, string> = {}): string {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Messages)[key], messages(language, namespace));
  if (typeof value !== 'string') throw new Error(`no message ${namespace}:${path} in ${language}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => params[name] ?? '');
}

export async function logIn(page: Page, language: Language = 'en'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(text(language, 'auth', 'login.email')).fill(DEMO_EMAIL);
  await page.getByLabel(text(language, 'auth', 'login.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: text(language, 'auth', 'login.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.getByTestId('lang-switcher').click();
  await page.getByTestId(`lang-option-${language}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
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

/** Fails on any serious or critical accessibility violation, naming rule and nodes. */
export async function expectAccessible(page: Page, context: string): Promise<void> {
  // A toast floating over the page would be scored as the background of what it covers.
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 8000 });
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const summary = blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
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
