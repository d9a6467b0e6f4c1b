import type { Language } from '@vigil/contracts';
import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, getLanguage, storeLanguage } from './language.ts';
import { PUBLIC_NAMESPACES } from './public-namespaces.ts';

type Messages = Record<string, unknown>;

/** One JSON file per language and namespace: `locales/<lang>/<namespace>.json`, loaded per language. */
const loaders = import.meta.glob<Messages>('../locales/*/*.json', { import: 'default' });

let scope: 'public' | 'full' = 'public';

/** antd's own wording (pagination, pickers, confirm buttons) per language, loaded with the language. */
const ANTD_LOCALE_LOADERS: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  fr: () => import('antd/es/locale/fr_FR'),
  de: () => import('antd/es/locale/de_DE'),
  ar: () => import('antd/es/locale/ar_EG'),
};
const antdLocales = new Map<Language, Locale>();

export function antdLocaleFor(language: Language): Locale | undefined {
  return antdLocales.get(language);
}

async function loadAntdLocale(language: Language): Promise<void> {
  if (!antdLocales.has(language)) antdLocales.set(language, (await ANTD_LOCALE_LOADERS[language]()).default);
}

async function loadLanguage(language: Language): Promise<void> {
  const prefix = `../locales/${language}/`;
  const files = Object.entries(loaders).filter(([path]) => path.startsWith(prefix));
  const wanted = files
    .map(([path, load]) => ({ namespace: path.slice(prefix.length, -'.json'.length), load }))
    .filter(({ namespace }) => scope === 'full' || PUBLIC_NAMESPACES.includes(namespace))
    .filter(({ namespace }) => !i18next.hasResourceBundle(language, namespace));
  await Promise.all([
    loadAntdLocale(language),
    ...wanted.map(async ({ namespace, load }) => i18next.addResourceBundle(language, namespace, await load(), true, true)),
    scope === 'full' && !i18next.hasResourceBundle(language, 'checklist') ? loadChecklistCatalogue(language) : null,
  ]);
}

// The checklist domain's messages come from @vigil/checklist, the catalogue the server answers with too.
async function loadChecklistCatalogue(language: Language): Promise<void> {
  const { checklistI18nBundle } = await import('@vigil/checklist/messages');
  i18next.addResourceBundle(language, 'checklist', checklistI18nBundle(language), true, true);
}

let initialized: Promise<void> | undefined;

/** Starts i18next in the stored language with the public namespaces; a screen's code may load meanwhile. */
export function initI18n(language: Language = getLanguage()): Promise<void> {
  initialized = initialize(language);
  return initialized;
}

async function initialize(language: Language): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    defaultNS: 'common',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(language);
  applyDocumentLanguage(language);
}

/** Every namespace of the current language (and of any language switched to later); idempotent. */
export async function loadFullCatalogue(): Promise<void> {
  scope = 'full';
  // The router asks for it with a screen's code, which may be before i18next knows its language.
  await initialized;
  await loadLanguage(i18next.language as Language);
}

/** Switch the interface language: kept in local storage, applied to `<html lang dir>`. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  storeLanguage(language);
  applyDocumentLanguage(language);
  await i18next.changeLanguage(language);
}
