/** The knowledge-base articles; their text lives in the `kb` namespace under `articles.<slug>`. */
export const KB_ARTICLES = ['product-update', 'release-notes', 'importing-a-checklist', 'supported-question-types'] as const;
export type KbArticleSlug = (typeof KB_ARTICLES)[number];

export function isKbArticle(slug: string | undefined): slug is KbArticleSlug {
  return (KB_ARTICLES as readonly (string | undefined)[]).includes(slug);
}

export interface KbSection {
  /** The route id of the screen the section describes: shown only once that screen has shipped. */
  screen?: string;
  heading: string;
  text: string;
  items?: string[];
}

export function isKbSections(value: unknown): value is KbSection[] {
  return (
    Array.isArray(value) &&
    value.every(
      (section: Partial<KbSection>) =>
        typeof section.heading === 'string' &&
        typeof section.text === 'string' &&
        (section.screen === undefined || typeof section.screen === 'string') &&
        (section.items === undefined || Array.isArray(section.items)),
    )
  );
}
