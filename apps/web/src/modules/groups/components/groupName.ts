export const groupName = (nameLang: Record<string, string>, language: string) => nameLang[language] ?? nameLang.en ?? Object.values(nameLang)[0] ?? '';
