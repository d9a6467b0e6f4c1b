import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LANGUAGES, type AutoTranslation, type Language, type TemplateTranslation } from '@vigil/contracts';
import { api, apiKey } from '../../../lib/api.ts';

/**
 * The template's translation calls (docs/templates-api.md "Translations"). They are separate from the
 * document: autosave never sends translations and these calls never change the draft's revision.
 */
/** One language's sources and translations, all of them (no filter). */
const languageCall = (templateId: string, lang: Language) => ({ params: { id: templateId, lang }, query: {} });

export const translationKeys = {
  /** The languages are read from the template's answer and kept apart from it (languages are added here). */
  languages: (templateId: string) =>
    [...apiKey('GET /api/checklist/template/:id', { params: { id: templateId } }), 'translation-languages'] as const,
  /** The revision is part of the key: after each save the server's sources may have changed. */
  language: (templateId: string, lang: Language, revision: number) =>
    [...apiKey('GET /api/checklist/template/:id/translation/:lang', languageCall(templateId, lang)), revision] as const,
};

const isLanguage = (lang: string): lang is Language => (LANGUAGES as readonly string[]).includes(lang);

/**
 * The template's translation languages: those of the loaded document at first, then kept in the query
 * cache as languages are added, so closing and reopening the drawer keeps them without a reload.
 */
export function useTranslationLanguages(templateId: string, loaded: readonly { lang: string }[]) {
  const queryClient = useQueryClient();
  const { data = [] } = useQuery({
    queryKey: translationKeys.languages(templateId),
    queryFn: async () => {
      const template = (await api('GET /api/checklist/template/:id', { params: { id: templateId } })).data as {
        translations?: { lang: string }[];
      };
      return (template.translations ?? []).map((entry) => entry.lang).filter(isLanguage);
    },
    initialData: () => loaded.map((entry) => entry.lang).filter(isLanguage),
    staleTime: Infinity,
  });
  const add = async (lang: Language) => {
    await api('POST /api/checklist/template/:id/translation/add', { params: { id: templateId }, body: { lang } });
    queryClient.setQueryData<Language[]>(translationKeys.languages(templateId), (before = []) =>
      before.includes(lang) ? before : [...before, lang],
    );
  };
  return { languages: data, add };
}

export function useTemplateTranslation(templateId: string, lang: Language | null, revision: number) {
  return useQuery({
    queryKey: translationKeys.language(templateId, lang ?? 'en', revision),
    enabled: lang !== null,
    queryFn: async () => (await api('GET /api/checklist/template/:id/translation/:lang', languageCall(templateId, lang!))).data,
    // Keep showing the language while the next revision's sources load (not another language's).
    placeholderData: (previous) => (previous?.lang === lang ? previous : undefined),
    refetchOnWindowFocus: false,
  });
}

/** Sets many translations at once, all or nothing (422 names `records.<n>.key`). An empty text clears one. */
export async function saveTranslations(
  templateId: string,
  lang: Language,
  records: { key: string; translation: string | null }[],
): Promise<TemplateTranslation> {
  return (
    await api(
      'PUT /api/checklist/template/:id/translation/:lang/bulk-update',
      { params: { id: templateId, lang }, body: { records } },
      { silent: true },
    )
  ).data;
}

/** Machine translations of at most 10 keys, as a preview: nothing is stored. */
export async function autoTranslate(templateId: string, lang: Language, keys: string[]): Promise<AutoTranslation> {
  return (
    await api(
      'PUT /api/checklist/template/:id/translation/:lang/bulk-auto-translate',
      { params: { id: templateId, lang }, body: { keys } },
      { silent: true },
    )
  ).data;
}
