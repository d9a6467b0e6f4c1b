import { afterEach, describe, expect, it } from 'vitest';
import { PARSE_ISSUES_MAX } from './issue-budget.ts';
import { TEMPLATE_ITEMS_MAX } from './limits.ts';
import { installRichTextSanitizer } from './rich-text.ts';
import { InfoSchema, TemplateDocumentSchema } from './schema.ts';
import { parseTemplateDocument } from './validation/parse.ts';

const issuesOf = (raw: unknown) => {
  const parsed = parseTemplateDocument(raw);
  if (parsed.ok) throw new Error('expected a refusal');
  return parsed.issues;
};

describe('document limits', () => {
  it('refuses an oversized collection with one issue, without checking its entries', () => {
    expect(issuesOf({ title: 'T', items: Array(TEMPLATE_ITEMS_MAX + 1).fill(0) })).toEqual([
      expect.objectContaining({ code: 'CKL_TOO_MANY', path: 'items', params: { max: TEMPLATE_ITEMS_MAX } }),
    ]);
  });

  it('counts the keys of relations before checking them', () => {
    const relations = Object.fromEntries(Array.from({ length: TEMPLATE_ITEMS_MAX + 1 }, (_, index) => [`q${index}`, 0]));
    expect(issuesOf({ title: 'T', relations })).toEqual([expect.objectContaining({ code: 'CKL_TOO_MANY', path: 'relations' })]);
  });

  it('refuses a string over its maximum', () => {
    expect(issuesOf({ title: 'x'.repeat(256) })).toEqual([
      expect.objectContaining({ code: 'CKL_TOO_LONG', path: 'title', params: { max: 255 } }),
    ]);
  });

  it(`stops checking after ${PARSE_ISSUES_MAX} issues, however many entries are invalid`, () => {
    const info = Array.from({ length: 50 }, (_, index) => ({ uuid: `i${index}`, items: Array(1_000).fill(1) }));
    expect(issuesOf({ title: 'T', info })).toHaveLength(PARSE_ISSUES_MAX);
  });

  it('checks every entry of a valid document, however many', () => {
    const items = Array.from({ length: 2 * PARSE_ISSUES_MAX }, (_, index) => ({ id: `q${index}` }));
    const parsed = TemplateDocumentSchema.parse({ title: 'T', items });
    expect(parsed.items.every((item) => item.type === 'number' && item.visible)).toBe(true);
  });
});

describe('rich text of info blocks', () => {
  afterEach(() => installRichTextSanitizer((html) => html));

  it('passes through the installed sanitiser: string entries and the content of entries', () => {
    installRichTextSanitizer((html) => html.replace(/<script>.*?<\/script>/g, ''));
    const parsed = InfoSchema.parse({
      uuid: 'i',
      items: ['a<script>x</script>', { type: 'text', content: 'b<script>x</script>' }, { type: 'file', id: 3 }],
    });
    expect(parsed.items).toEqual(['a', { type: 'text', content: 'b' }, { type: 'file', id: 3 }]);
  });

  it('refuses an entry whose content is not text', () => {
    expect(InfoSchema.safeParse({ uuid: 'i', items: [{ type: 'text', content: ['<script>x</script>'] }] }).success).toBe(false);
  });
});
