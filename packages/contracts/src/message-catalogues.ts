/**
 * The rules every i18next catalogue of Vigil keeps, the web app's namespaces and the server's
 * messages alike: the same keys as English, each language's own plural forms (Arabic has six),
 * counts only in plural forms, and the English placeholders kept. The locale tests of both apps
 * call `catalogueProblems`; an empty list means the catalogue is sound.
 */

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** Every leaf as `a.b.c` with its value. */
export function flattenCatalogue(value: unknown, prefix = ''): Map<string, unknown> {
  if (typeof value !== 'object' || value === null) return new Map([[prefix, value]]);
  return new Map(Object.entries(value).flatMap(([key, child]) => [...flattenCatalogue(child, prefix ? `${prefix}.${key}` : key)]));
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort() : [];
}

/** Plural keys (i18next: `key_one`, `key_other`...) as `key`, with the forms found. */
function pluralGroups(keys: Iterable<string>): Map<string, string[]> {
  const all = [...keys];
  const groups = new Map<string, string[]>();
  for (const key of all) {
    const base = key.replace(PLURAL_FORM, '');
    if (base !== key && all.includes(`${base}_other`)) groups.set(base, [...(groups.get(base) ?? []), key.slice(base.length + 1)]);
  }
  return groups;
}

/** Keys with the plural forms of each language folded into one (`key#plural`). */
function comparableKeys(keys: Iterable<string>): string[] {
  const all = [...keys];
  const groups = pluralGroups(all);
  return [...new Set(all.map((key) => (groups.has(key.replace(PLURAL_FORM, '')) ? `${key.replace(PLURAL_FORM, '')}#plural` : key)))].sort();
}

/** What is wrong with `translated` (in `language`) against the English `reference`; empty when nothing is. */
export function catalogueProblems(reference: unknown, translated: unknown, language: string): string[] {
  const english = flattenCatalogue(reference);
  const messages = flattenCatalogue(translated);
  const problems: string[] = [];
  const expectedKeys = comparableKeys(english.keys());
  const actualKeys = comparableKeys(messages.keys());
  for (const key of expectedKeys) if (!actualKeys.includes(key)) problems.push(`${key} is missing`);
  for (const key of actualKeys) if (!expectedKeys.includes(key)) problems.push(`${key} is not in English`);

  const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
  const groups = pluralGroups(messages.keys());
  for (const [key, forms] of groups) {
    if (forms.sort().join() !== categories.join())
      problems.push(`${key} has the plural forms ${forms.join(', ')}, not ${categories.join(', ')}`);
  }
  const englishGroups = pluralGroups(english.keys());
  for (const [key, value] of messages) {
    const base = key.replace(PLURAL_FORM, '');
    // i18next reads `title_many` as the French/Arabic "many" form of `title`.
    if (base !== key && !groups.has(base)) problems.push(`${key} ends in a plural form outside a plural group`);
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`${key} is empty`);
      continue;
    }
    // i18next picks a form by `count`; a counting message without forms shows "1 items selected".
    if (placeholders(value).includes('count') && !groups.has(base)) problems.push(`${key} counts without plural forms`);
    if (englishGroups.has(base)) {
      // A plural form may say its number in words ("مشكلتان", two problems) rather than {{count}}.
      const others = placeholders(english.get(`${base}_other`)).filter((name) => name !== 'count');
      if (
        placeholders(value)
          .filter((name) => name !== 'count')
          .join() !== others.join()
      )
        problems.push(`${key} does not keep the placeholders ${others.join(', ')}`);
    } else if (english.has(key) && placeholders(value).join() !== placeholders(english.get(key)).join()) {
      problems.push(`${key} does not keep the placeholders ${placeholders(english.get(key)).join(', ')}`);
    }
  }
  return problems;
}
