/**
 * Info blocks (spec 2 §3 `info: uuid, items`): the builder keeps an item's rich text as one entry
 * `{type: 'text', content: html}`; the server sanitises `content` before storing it.
 */
import type { Item, TemplateDocument } from '@vigil/checklist';

const EMPTY = /^(<p><\/p>|\s*)$/;

export function infoHtmlOf(doc: TemplateDocument, item: Item): string {
  const block = item.options.info_id ? doc.info.find((entry) => entry.uuid === item.options.info_id) : undefined;
  const text = block?.items.find(
    (entry): entry is { type: 'text'; content: string } =>
      typeof entry === 'object' &&
      entry !== null &&
      (entry as { type?: unknown }).type === 'text' &&
      typeof (entry as { content?: unknown }).content === 'string',
  );
  return text?.content ?? '';
}

/** The document with the item's info block set to `html` (removed when empty), and the block's id. */
export function withInfoHtml(doc: TemplateDocument, item: Item, html: string): { document: TemplateDocument; infoId: string } {
  const oldId = item.options.info_id || null;
  const others = doc.info.filter((entry) => entry.uuid !== oldId);
  if (EMPTY.test(html)) return { document: { ...doc, info: others }, infoId: '' };
  const infoId = oldId ?? crypto.randomUUID();
  const previous = doc.info.find((entry) => entry.uuid === oldId);
  const kept = (previous?.items ?? []).filter(
    (entry) => !(typeof entry === 'object' && entry !== null && (entry as { type?: unknown }).type === 'text'),
  );
  return { document: { ...doc, info: [...others, { uuid: infoId, items: [{ type: 'text', content: html }, ...kept] }] }, infoId };
}
