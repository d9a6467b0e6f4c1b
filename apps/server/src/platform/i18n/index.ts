import { LANGUAGES, type Language } from '@vigil/contracts';
import { CATALOGUES, type MessageKey } from './messages.ts';

export type { MessageKey };
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(CATALOGUES.en, key);
}

export function translator(language: Language): Translate {
  const catalogue = CATALOGUES[language];
  return (key, params = {}) =>
    catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Picks the first supported language of an Accept-Language header (`ar`, `fr-CA,fr;q=0.9`, ...). */
export function pickLanguage(header: string | undefined, fallback: Language): Language {
  if (!header) return fallback;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.find((param) => param.trim().startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: quality ? Number(quality.split('=')[1]) : 1 };
    })
    // q=0 means "not acceptable"; a malformed weight counts as such.
    .filter((tag) => Number.isFinite(tag.q) && tag.q > 0)
    .sort((a, b) => b.q - a.q);
  const match = tags.find((tag) => (LANGUAGES as readonly string[]).includes(tag.base));
  return (match?.base as Language | undefined) ?? fallback;
}
