/** A role's name in the interface language, else English, else any. */
export function roleName(nameLang: Record<string, string>, language: string): string {
  return nameLang[language] ?? nameLang.en ?? Object.values(nameLang)[0] ?? '';
}
