import { LANGUAGES } from '@vigil/contracts';
import { catalogueProblems } from '@vigil/contracts/message-catalogues';
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

const english = messagesOf('en');

describe('locales', () => {
  // Without this, a glob that found nothing would make every comparison below compare nothing with nothing.
  // It names no module's namespace, so adding a module does not touch it.
  it('finds the English namespaces to compare against', () => {
    expect([...english.keys()]).toEqual(expect.arrayContaining(['common', 'shell', 'table']));
  });

  describe.each(LANGUAGES)('%s', (language) => {
    const messages = messagesOf(language);

    it('has exactly the namespaces of English', () => {
      expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it.each([...english.keys()])('namespace %s has the English keys, its plural forms and the English placeholders', (namespace) => {
      expect(catalogueProblems(english.get(namespace), messages.get(namespace), language)).toEqual([]);
    });
  });
});
