import { formatMessage, messageKey } from '@vigil/checklist/messages';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { antdLocaleFor, changeLanguage, initI18n, loadFullCatalogue } from './i18n.ts';
import { getLanguage } from './language.ts';

beforeAll(async () => {
  await initI18n('en');
});

describe('what loads when', () => {
  it("starts with the public pages' wording; the rest and the checklist catalogue come with the first other screen, then in every language", async () => {
    expect(i18next.hasResourceBundle('en', 'auth')).toBe(true);
    expect(i18next.hasResourceBundle('en', 'builder')).toBe(false);
    expect(i18next.hasResourceBundle('en', 'checklist')).toBe(false);
    await loadFullCatalogue();
    expect(i18next.hasResourceBundle('en', 'builder')).toBe(true);
    expect(i18next.hasResourceBundle('en', 'checklist')).toBe(true);
    await changeLanguage('fr');
    expect(i18next.hasResourceBundle('fr', 'builder')).toBe(true);
    expect(antdLocaleFor('fr')?.locale).toBe('fr');
  });
});

describe('changeLanguage', () => {
  it('switches to Arabic right to left and keeps the choice', async () => {
    await changeLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(getLanguage()).toBe('ar');
    expect(i18next.t('shell:menu.dashboard')).toBe('لوحة التحكم');
  });

  it('translates the checklist messages with their parameters, from the catalogue the server uses', async () => {
    await changeLanguage('fr');
    expect(i18next.t(messageKey('CKL_BETWEEN'), { min: 1, max: 5 })).toBe(formatMessage('CKL_BETWEEN', { min: 1, max: 5 }, 'fr'));
    expect(i18next.t(messageKey('CKL_VARIABLE_UNKNOWN'), { var: 'pressure' })).toBe('Variable pressure inconnue');
    await changeLanguage('ar');
    expect(i18next.t(messageKey('CKL_FIELD_REQUIRED'))).toBe('الحقل مطلوب');
  });

  it('switches back to a left-to-right language', async () => {
    await changeLanguage('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18next.t('common:actions.cancel')).toBe('Abbrechen');
  });
});
