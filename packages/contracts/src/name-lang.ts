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
