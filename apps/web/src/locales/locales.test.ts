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

describe('locales', () => {
  it('has English namespaces to compare against', () => {
    expect([...english.keys()].sort()).toEqual(['account', 'auth', 'builder', 'builder-modals', 'builder-preview', 'common', 'dashboard', 'groups', 'kb', 'logs', 'plans', 'roles', 'shell', 'sso', 'table', 'templates', 'users', 'workspaces']);
  });

  describe.each(LANGUAGES)('%s', (language) => {
    const messages = messagesOf(language);

    it('has exactly the namespaces of English', () => {
      expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it.each([...english.keys()])('namespace %s has every key of English and no other', (namespace) => {
      const reference = flatten(english.get(namespace));
      const translated = flatten(messages.get(namespace));
      expect([...translated.keys()].sort()).toEqual([...reference.keys()].sort());
    });

    it.each([...english.keys()])('namespace %s has no empty value and keeps the placeholders', (namespace) => {
      const reference = flatten(english.get(namespace));
      for (const [key, value] of flatten(messages.get(namespace))) {
        expect(typeof value === 'string' && value.trim().length > 0, `${namespace}:${key} is empty`).toBe(true);
        expect(placeholders(value), `${namespace}:${key} placeholders`).toEqual(placeholders(reference.get(key)));
      }
    });
  });
});
