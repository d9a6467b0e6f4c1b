import { LANGUAGES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function messagesOf(language: string): Map<string, Record<string, unknown>> {
  const prefix = `./${language}/`;
  return new Map(
    Object.entries(files)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, messages]) => [path.slice(prefix.length, -'.json'.length), messages]),
  );
}

/** Every leaf as `a.b.0.c` with its value. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  if (typeof value !== 'object' || value === null) return new Map([[prefix, value]]);
  return new Map(
    Object.entries(value).flatMap(([key, child]) => [...flatten(child, prefix ? `${prefix}.${key}` : key)]),
  );
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort() : [];
}

const english = messagesOf('en');

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** Plural keys (i18next: `key_one`, `key_other`...) as `key`, with the forms found. */
function pluralGroups(keys: Iterable<string>): Map<string, string[]> {
  const all = [...keys];
  const groups = new Map<string, string[]>();
  for (const key of all) {
    const base = key.replace(PLURAL_FORM, '');
    if (base !== key && all.includes(`${base}_other`)) groups.set(base, [...(groups.get(base) ?? []), key.slice(base.length + 1)]);
  }
  return groups;
}

/** Keys with the plural forms of each language folded into one (`key#plural`). */
function comparableKeys(keys: Iterable<string>): string[] {
  const groups = pluralGroups(keys);
  return [...new Set([...keys].map((key) => (groups.has(key.replace(PLURAL_FORM, '')) ? `${key.replace(PLURAL_FORM, '')}#plural` : key)))].sort();
}

describe('locales', () => {
  it('has English namespaces to compare against', () => {
    expect([...english.keys()].sort()).toEqual(['account', 'auth', 'builder', 'builder-modals', 'builder-preview', 'checklist-renderer', 'common', 'dashboard', 'groups', 'kb', 'logs', 'plans', 'roles', 'shell', 'sso', 'table', 'templates', 'users', 'workspaces']);
  });

  describe.each(LANGUAGES)('%s', (language) => {
    const messages = messagesOf(language);

    it('has exactly the namespaces of English', () => {
      expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it.each([...english.keys()])('namespace %s has every key of English and no other', (namespace) => {
      const reference = flatten(english.get(namespace));
      const translated = flatten(messages.get(namespace));
      expect(comparableKeys(translated.keys())).toEqual(comparableKeys(reference.keys()));
    });

    it.each([...english.keys()])('namespace %s has exactly the plural forms of the language', (namespace) => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, forms] of pluralGroups(flatten(messages.get(namespace)).keys())) {
        expect(forms.sort(), `${namespace}:${key}`).toEqual([...categories].sort());
      }
    });

    it.each([...english.keys()])('namespace %s counts only in plural forms', (namespace) => {
      // i18next picks a form by `count`; a counting message without forms shows "1 items selected".
      const messagesWithForms = new Set(pluralGroups(flatten(messages.get(namespace)).keys()).keys());
      for (const [key, value] of flatten(messages.get(namespace))) {
        if (placeholders(value).includes('count')) expect(messagesWithForms.has(key.replace(PLURAL_FORM, '')), `${namespace}:${key} counts without plural forms`).toBe(true);
      }
    });

    it.each([...english.keys()])('namespace %s ends a key in a plural form only in a plural group', (namespace) => {
      // i18next reads `title_many` as the French/Arabic "many" form of `title`.
      const keys = [...flatten(messages.get(namespace)).keys()];
      const groups = pluralGroups(keys);
      for (const key of keys.filter((key) => PLURAL_FORM.test(key))) expect(groups.has(key.replace(PLURAL_FORM, '')), `${namespace}:${key}`).toBe(true);
    });

    it.each([...english.keys()])('namespace %s has no empty value and keeps the placeholders', (namespace) => {
      const reference = flatten(english.get(namespace));
      const plurals = pluralGroups(reference.keys());
      for (const [key, value] of flatten(messages.get(namespace))) {
        expect(typeof value === 'string' && value.trim().length > 0, `${namespace}:${key} is empty`).toBe(true);
        const base = key.replace(PLURAL_FORM, '');
        if (plurals.has(base)) {
          // A plural form may say its number in words ("مشكلتان", two problems) rather than {{count}}.
          const others = placeholders(reference.get(`${base}_other`)).filter((name) => name !== 'count');
          expect(placeholders(value).filter((name) => name !== 'count'), `${namespace}:${key} placeholders`).toEqual(others);
        } else expect(placeholders(value), `${namespace}:${key} placeholders`).toEqual(placeholders(reference.get(key)));
      }
    });
  });
});
