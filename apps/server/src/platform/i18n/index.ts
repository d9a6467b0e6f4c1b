import { LANGUAGES, type Language } from '@vigil/contracts';
import { createInstance } from 'i18next';
import ar from './locales/ar.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPluralForm<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base : K;
/** Every message of a nested catalogue as its dotted key, its plural forms folded into one key. */
type DottedKeys<T> = {
  [K in keyof T & string]: T[K] extends string ? WithoutPluralForm<K> : `${K}.${DottedKeys<T[K]>}`;
}[keyof T & string];

export type MessageKey = DottedKeys<typeof en>;
export type MessageParams = Record<string, string | number>;
/** Translates a key; a `count` parameter picks the language's plural form (Arabic has six). */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** Server messages per language, i18next JSON like the web app's; `{{name}}` is interpolated. */
export const CATALOGUES: Record<Language, object> = { en, fr, de, ar };

const i18n = createInstance();
void i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: CATALOGUES[language] }])),
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  // Messages are plain text; the mail composer escapes its HTML once, and JSON needs no escaping.
  interpolation: { escapeValue: false },
});

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function dottedKeys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'string' ? [`${prefix}${key.replace(PLURAL_SUFFIX, '')}`] : dottedKeys(child as object, `${prefix}${key}.`),
  );
}

const MESSAGE_KEYS: ReadonlySet<string> = new Set(dottedKeys(en));

export function isMessageKey(key: string): key is MessageKey {
  return MESSAGE_KEYS.has(key);
}

export function translator(language: Language): Translate {
  const t = i18n.getFixedT(language);
  return (key, params) => t(key, params ?? {});
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
