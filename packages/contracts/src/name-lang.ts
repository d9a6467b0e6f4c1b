import { z } from 'zod';
import { LANGUAGES } from './constants.ts';

/** A name kept in several languages (`name_lang`, by language code), as roles and groups are named. */
export type NameLang = Record<string, string>;

/**
 * The one way a `name_lang` is read, on both sides: the name in the reader's language, else English,
 * else the least of the names there are (so a choice never depends on key order; the activity log's
 * SQL falls back alike). Null when there is no name at all.
 */
export function pickName(nameLang: NameLang, language?: string): string | null {
  const inLanguage = language === undefined ? undefined : nameLang[language];
  return inLanguage ?? nameLang.en ?? Object.values(nameLang).sort()[0] ?? null;
}

/**
 * A `name_lang` body field: a name per language, each checked by `name` (one language's name, which the
 * web form checks each field with too). Empty names are dropped, and at least one must remain.
 */
export function nameLangSchema(name: z.ZodType<string>) {
  return z
    .partialRecord(z.enum(LANGUAGES), name)
    .transform((names) => Object.fromEntries(Object.entries(names).filter(([, value]) => value)) as Record<string, string>)
    .refine((names) => Object.keys(names).length > 0, { error: 'validation.required' });
}
