import { LANGUAGES, type Language } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { isMessageKey, pickLanguage, translator } from './index.ts';
import { CATALOGUES, type MessageKey } from './messages.ts';

describe('pickLanguage', () => {
  it.each<[string | undefined, Language, Language]>([
    [undefined, 'en', 'en'],
    [undefined, 'de', 'de'],
    ['', 'fr', 'fr'],
    ['fr', 'en', 'fr'],
    ['AR', 'en', 'ar'],
    ['de-DE', 'en', 'de'],
    ['de-AT,de;q=0.9,en;q=0.8', 'en', 'de'],
    ['fr-CA,fr;q=0.9', 'en', 'fr'],
    ['zh-Hant-TW, fr;q=0.2', 'en', 'fr'],
    ['es, de;q=0.1', 'en', 'de'],
    ['en;q=0.5, ar;q=0.8', 'fr', 'ar'],
    ['de;q=0.5,fr;q=0.7,ar;q=0.6', 'en', 'fr'],
    [' fr ; q=0.4 ,  de ; q=0.3 ', 'en', 'fr'],
    ['es', 'de', 'de'],
    ['es-MX,pt-BR;q=0.8', 'fr', 'fr'],
    ['*', 'ar', 'ar'],
    ['fr;q=0', 'en', 'en'],
    ['fr;q=0, de', 'en', 'de'],
    ['fr;q=0.0, es', 'de', 'de'],
    ['fr;q=abc', 'de', 'de'],
    [';;;,,,', 'en', 'en'],
  ])('"%s" with fallback %s answers %s', (header, fallback, expected) => {
    expect(pickLanguage(header, fallback)).toBe(expected);
  });
});

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const englishKeys = Object.keys(CATALOGUES.en).sort() as MessageKey[];

describe('server message catalogues', () => {
  it('has a catalogue for every supported language', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.map((language) => [language]))('%s has exactly the English keys', (language) => {
    expect(Object.keys(CATALOGUES[language]).sort()).toEqual(englishKeys);
  });

  it.each(LANGUAGES.map((language) => [language]))('%s has a non-empty message with the English placeholders for every key', (language) => {
    const problems = englishKeys.flatMap((key) => {
      const message = CATALOGUES[language][key];
      if (typeof message !== 'string' || message.trim() === '') return [`${key}: empty`];
      const expected = placeholders(CATALOGUES.en[key]);
      const actual = placeholders(message);
      return JSON.stringify(actual) === JSON.stringify(expected) ? [] : [`${key}: {${actual.join('}, {')}} instead of {${expected.join('}, {')}}`];
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en').map((language) => [language]))('%s is translated, not copied from English', (language) => {
    const copied = englishKeys.filter((key) => CATALOGUES[language][key] === CATALOGUES.en[key]);
    // Messages may legitimately coincide (a product name), but not most of them.
    expect(copied.length, copied.join(', ')).toBeLessThan(englishKeys.length / 4);
  });
});

describe('translator', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translator('en')('auth.too_many_attempts', { seconds: 30 })).toBe('Too many sign-in attempts. Try again in 30 seconds.');
    expect(translator('fr')('auth.too_many_attempts', { seconds: 5 })).toContain('5');
    expect(translator('en')('auth.too_many_attempts')).toContain('{seconds}');
  });

  it('answers the catalogue of the language asked for', () => {
    for (const language of LANGUAGES) expect(translator(language)('error.not_found')).toBe(CATALOGUES[language]['error.not_found']);
  });

  it('knows its keys', () => {
    expect(isMessageKey('error.not_found')).toBe(true);
    expect(isMessageKey('error.nope')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });
});
