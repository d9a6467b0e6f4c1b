import { LANGUAGES, RTL_LANGUAGES, type Language } from '@vigil/contracts';

const STORAGE_KEY = 'vigil.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The configured default (VITE_DEFAULT_LANGUAGE), else English. */
function defaultLanguage(): Language {
  const configured: unknown = import.meta.env.VITE_DEFAULT_LANGUAGE;
  return isLanguage(configured) ? configured : 'en';
}

/** The language chosen in this browser, else the default. */
export function getLanguage(): Language {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : defaultLanguage();
}

export function storeLanguage(language: Language): void {
  window.localStorage.setItem(STORAGE_KEY, language);
}

export function isRtl(language: Language): boolean {
  return RTL_LANGUAGES.includes(language);
}

export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}

/** Each language named in itself (endonyms), the same whatever the interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  ar: 'العربية',
};
