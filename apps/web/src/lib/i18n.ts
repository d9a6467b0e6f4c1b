import { checklistI18nBundle } from '@vigil/checklist/messages';
import type { Language } from '@vigil/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, getLanguage, storeLanguage } from './language.ts';

type Messages = Record<string, unknown>;

/** One JSON file per language and namespace: `locales/<lang>/<namespace>.json`, loaded per language. */
const loaders = import.meta.glob<Messages>('../locales/*/*.json', { import: 'default' });

async function loadLanguage(language: Language): Promise<void> {
  const prefix = `../locales/${language}/`;
  const files = Object.entries(loaders).filter(([path]) => path.startsWith(prefix));
  await Promise.all(
    files.map(async ([path, load]) => {
      const namespace = path.slice(prefix.length, -'.json'.length);
      i18next.addResourceBundle(language, namespace, await load(), true, true);
    }),
  );
  // The checklist domain's messages come from @vigil/checklist, the catalogue the server answers with too.
  i18next.addResourceBundle(language, 'checklist', checklistI18nBundle(language), true, true);
}

export async function initI18n(language: Language = getLanguage()): Promise<void> {
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

/** Switch the interface language: kept in local storage, applied to `<html lang dir>`. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  storeLanguage(language);
  applyDocumentLanguage(language);
  await i18next.changeLanguage(language);
}
