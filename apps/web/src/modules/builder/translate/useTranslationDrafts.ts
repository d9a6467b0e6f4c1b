import { useQueryClient } from '@tanstack/react-query';
import type { Language, TemplateTranslation } from '@vigil/contracts';
import { useCallback, useMemo, useState } from 'react';
import { isHttpError } from '../../../lib/http.ts';
import { saveTranslations, translationKeys } from './translation-api.ts';

export interface TranslationDrafts {
  /** What the field shows: the text typed (or machine translated) here, else the stored translation. */
  valueOf: (key: string) => string;
  set: (key: string, text: string) => void;
  /** Sets machine translations on fields that are still empty (never over what the user typed). */
  fillEmpty: (records: readonly { key: string; translation: string }[]) => void;
  errorsOf: (key: string) => readonly string[];
  /** Keys whose text differs from the stored translation. */
  changed: readonly string[];
  /** Saves the changed texts among `keys` (those still shown) at once. */
  save: (keys: readonly string[]) => Promise<boolean>;
  saving: boolean;
  /** The whole save failed for another reason than the fields (network, server). */
  failed: boolean;
  discard: () => void;
}

/**
 * The translations typed in the drawer until they are saved together with bulk-update, all or nothing:
 * a refusal names fields (`records.<n>.key`, `records.<n>.translation`), shown under each, and keeps
 * every text typed.
 */
export function useTranslationDrafts(
  templateId: string,
  lang: Language | null,
  revision: number,
  stored: TemplateTranslation | undefined,
): TranslationDrafts {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<ReadonlyMap<string, string>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<string, string[]>>(new Map());
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  const storedText = useMemo(() => new Map((stored?.records ?? []).map((record) => [record.key, record.translation ?? ''])), [stored]);
  const valueOf = useCallback((key: string) => drafts.get(key) ?? storedText.get(key) ?? '', [drafts, storedText]);
  const changed = useMemo(
    () => [...drafts].filter(([key, text]) => text !== (storedText.get(key) ?? '')).map(([key]) => key),
    [drafts, storedText],
  );

  const set = useCallback((key: string, text: string) => {
    setDrafts((before) => new Map(before).set(key, text));
    setErrors((before) => {
      if (!before.has(key)) return before;
      const next = new Map(before);
      next.delete(key);
      return next;
    });
  }, []);

  const fillEmpty = useCallback(
    (records: readonly { key: string; translation: string }[]) =>
      setDrafts((before) => {
        const next = new Map(before);
        for (const record of records)
          if ((next.get(record.key) ?? storedText.get(record.key) ?? '') === '') next.set(record.key, record.translation);
        return next;
      }),
    [storedText],
  );

  const discard = useCallback(() => {
    setDrafts(new Map());
    setErrors(new Map());
    setFailed(false);
  }, []);

  const save = useCallback(
    async (keys: readonly string[]) => {
      if (!lang || keys.length === 0) return false;
      const records = keys.map((key) => ({ key, translation: drafts.get(key)!.trim() === '' ? null : drafts.get(key)! }));
      setSaving(true);
      setFailed(false);
      try {
        const answer = await saveTranslations(templateId, lang, records);
        queryClient.setQueryData(translationKeys.language(templateId, lang, revision), answer);
        setDrafts(new Map());
        setErrors(new Map());
        return true;
      } catch (error) {
        const fields = isHttpError(error) && error.status === 422 ? error.fieldErrors : {};
        const byKey = new Map<string, string[]>();
        for (const [field, messages] of Object.entries(fields)) {
          const index = /^records\.(\d+)\./.exec(field)?.[1];
          const key = index === undefined ? undefined : records[Number(index)]?.key;
          if (key) byKey.set(key, [...(byKey.get(key) ?? []), ...messages]);
        }
        setErrors(byKey);
        setFailed(byKey.size === 0);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [lang, drafts, templateId, revision, queryClient],
  );

  return { valueOf, set, fillEmpty, errorsOf: (key) => errors.get(key) ?? [], changed, save, saving, failed, discard };
}
