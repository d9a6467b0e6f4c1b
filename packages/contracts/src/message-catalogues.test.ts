import { describe, expect, it } from 'vitest';
import { catalogueProblems } from './message-catalogues.ts';

const english = { title: 'Hello {{name}}', items: { selected_one: '{{count}} item selected', selected_other: '{{count}} items selected' } };

describe('catalogueProblems', () => {
  it('finds nothing wrong with a sound translation', () => {
    const french = {
      title: 'Bonjour {{name}}',
      items: { selected_one: '{{count}} élément', selected_many: '{{count}} éléments', selected_other: '{{count}} éléments' },
    };
    expect(catalogueProblems(english, french, 'fr')).toEqual([]);
  });

  it('lets a plural form say its number in words', () => {
    const arabic = {
      title: 'مرحبًا {{name}}',
      items: {
        selected_zero: '{{count}} عنصر',
        selected_one: 'عنصر واحد',
        selected_two: 'عنصران',
        selected_few: '{{count}} عناصر',
        selected_many: '{{count}} عنصرًا',
        selected_other: '{{count}} عنصر',
      },
    };
    expect(catalogueProblems(english, arabic, 'ar')).toEqual([]);
  });

  it.each([
    ['a missing key', { items: english.items }, 'title is missing'],
    ['an extra key', { ...english, extra: 'x' }, 'extra is not in English'],
    ['a lost placeholder', { ...english, title: 'Hello' }, 'title does not keep the placeholders name'],
    ['an empty message', { ...english, title: ' ' }, 'title is empty'],
    [
      'a count without plural forms',
      { title: 'Hello {{name}}', items: { selected: '{{count}} items' } },
      'items.selected counts without plural forms',
    ],
    [
      'a missing plural form',
      { title: 'Hello {{name}}', items: { selected_other: '{{count}} items' } },
      'items.selected has the plural forms other, not one, other',
    ],
  ])('reports %s', (_case, translated, problem) => {
    expect(catalogueProblems(english, translated, 'en')).toContain(problem);
  });

  it('reports a form the language does not have', () => {
    const german = {
      title: 'Hallo {{name}}',
      items: { selected_one: '{{count}} Element', selected_few: '{{count}} Elemente', selected_other: '{{count}} Elemente' },
    };
    expect(catalogueProblems(english, german, 'de')).toEqual(['items.selected has the plural forms few, one, other, not one, other']);
  });
});
