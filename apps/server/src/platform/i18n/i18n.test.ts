import { LANGUAGES, type Language } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { catalogueProblems, flattenCatalogue } from '@vigil/contracts/message-catalogues';
import { CATALOGUES, isMessageKey, pickLanguage, translator } from './index.ts';

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

describe('server message catalogues', () => {
  it('has a catalogue for every supported language', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.map((language) => [language]))('%s has the English keys, its plural forms and the English placeholders', (language) => {
    expect(catalogueProblems(CATALOGUES.en, CATALOGUES[language], language)).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en').map((language) => [language]))(
    '%s is translated, not copied from English',
    (language) => {
      const english = flattenCatalogue(CATALOGUES.en);
      const copied = [...flattenCatalogue(CATALOGUES[language])].filter(([key, text]) => english.get(key) === text).map(([key]) => key);
      // Messages may legitimately coincide (a product name, "{{count}} minutes"), but not most of them.
      expect(copied.length, copied.join(', ')).toBeLessThan(english.size / 4);
    },
  );
});

describe('translator', () => {
  it('fills placeholders', () => {
    expect(translator('en')('auth.signed_in', { name: 'Ada' })).toBe('Welcome back, Ada!');
    expect(translator('en')('workspaces.switched', { name: '<b>Ops</b>' })).toBe('You are now working in <b>Ops</b>.');
  });

  it.each<[Language, number, string]>([
    ['en', 1, 'Too many sign-in attempts. Try again in 1 second.'],
    ['en', 30, 'Too many sign-in attempts. Try again in 30 seconds.'],
    ['fr', 1, 'Trop de tentatives de connexion. Réessayez dans 1 seconde.'],
    ['de', 2, 'Zu viele Anmeldeversuche. Versuchen Sie es in 2 Sekunden erneut.'],
    ['ar', 1, 'محاولات تسجيل دخول كثيرة جدًا. حاول مرة أخرى بعد ثانية واحدة.'],
    ['ar', 2, 'محاولات تسجيل دخول كثيرة جدًا. حاول مرة أخرى بعد ثانيتين.'],
    ['ar', 5, 'محاولات تسجيل دخول كثيرة جدًا. حاول مرة أخرى بعد 5 ثوانٍ.'],
    ['ar', 30, 'محاولات تسجيل دخول كثيرة جدًا. حاول مرة أخرى بعد 30 ثانية.'],
  ])('picks the %s plural form for %d', (language, count, expected) => {
    expect(translator(language)('auth.too_many_attempts', { count })).toBe(expected);
  });

  it('answers the catalogue of the language asked for', () => {
    expect(translator('en')('error.not_found')).toBe('The requested object was not found.');
    expect(translator('de')('error.not_found')).not.toBe(translator('en')('error.not_found'));
  });

  it('knows its keys', () => {
    expect(isMessageKey('error.not_found')).toBe(true);
    expect(isMessageKey('error.nope')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('auth.too_many_attempts')).toBe(true);
    expect(isMessageKey('auth.too_many_attempts_one')).toBe(false);
  });
});
