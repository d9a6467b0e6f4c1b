/**
 * Pages (spec 2 §4): the start page is always first, the end page always last, a new page goes
 * before the next page or at the end, and the hidden page with the inspection real start and end
 * dates exists in every document (the end date required). Page order: start page, pages, hidden
 * page, end page.
 */
import { refuse, succeed, type Result } from '../messages.ts';
import type { PageType } from '../registry/item-types.ts';
import { defaultOptions } from '../registry/registry.ts';
import { TemplateDocumentSchema, type Item, type ItemOptions, type TemplateDocument, type TemplateDocumentInput } from '../schema.ts';
import { subtreeEnd } from '../tree.ts';
import { checkChange, defaultOperationContext, finalize, type OperationContext } from './shared.ts';

export function newItem(
  context: OperationContext,
  type: Item['type'],
  parent: Item | null,
  extra: { title?: string; options?: Partial<ItemOptions> } = {},
): Item {
  return {
    id: context.newId(),
    title: extra.title ?? '',
    type,
    options: { ...defaultOptions(type), ...extra.options },
    parent_id: parent ? parent.id : null,
    base_id: null,
    reference_key: null,
    visible: true,
    depth: parent ? parent.depth + 1 : 0,
    collapsed: false,
  };
}

/** Index of the first page of the fixed tail (hidden page, end page), or the list's end. */
function tailStart(items: readonly Item[]): number {
  const index = items.findIndex((item) => item.depth === 0 && (item.type === 'hidden_page' || item.type === 'end_page'));
  return index < 0 ? items.length : index;
}

/** Adds the hidden page with the inspection real start and end dates if absent (end date required). */
export function ensureHiddenPage(doc: TemplateDocument, context: OperationContext = defaultOperationContext): TemplateDocument {
  const items = [...doc.items];
  let pageIndex = items.findIndex((item) => item.depth === 0 && item.type === 'hidden_page');
  if (pageIndex < 0) {
    const endPage = items.findIndex((item) => item.depth === 0 && item.type === 'end_page');
    pageIndex = endPage < 0 ? items.length : endPage;
    items.splice(pageIndex, 0, newItem(context, 'hidden_page', null, { title: 'Hidden page' }));
  }
  const page = items[pageIndex];
  const has = (type: Item['type']) => items.some((item) => item.type === type);
  if (!has('inspection_real_start_date')) {
    items.splice(pageIndex + 1, 0, newItem(context, 'inspection_real_start_date', page, { title: 'Inspection real start date' }));
  }
  const endIndex = items.findIndex((item) => item.type === 'inspection_real_end_date');
  if (endIndex < 0) {
    items.splice(
      subtreeEnd(items, pageIndex),
      0,
      newItem(context, 'inspection_real_end_date', page, {
        title: 'Inspection real end date',
        options: { required: true },
      }),
    );
  } else if (items[endIndex].options.required !== true) {
    items[endIndex] = { ...items[endIndex], options: { ...items[endIndex].options, required: true } };
  }
  if (items.length === doc.items.length && items.every((item, i) => item === doc.items[i])) return doc;
  return finalize({ ...doc, items });
}

/** A new template document: the input parsed with defaults, one page if it has none, and the hidden page. */
export function createTemplateDocument(
  input: TemplateDocumentInput = {},
  context: OperationContext = defaultOperationContext,
): TemplateDocument {
  let doc = TemplateDocumentSchema.parse(input);
  if (!doc.items.some((item) => item.type === 'page')) {
    const page = newItem(context, 'page', null, { title: 'Page 1' });
    const items = [...doc.items];
    items.splice(tailStart(items), 0, page);
    doc = { ...doc, items };
  }
  return finalize(ensureHiddenPage(doc, context));
}

export interface AddPageInput {
  type?: Exclude<PageType, 'hidden_page'>;
  /** The page the user is on: the new page goes right after it, before the next page. */
  after?: string | null;
  title?: string;
}

export function addPage(
  doc: TemplateDocument,
  input: AddPageInput = {},
  context: OperationContext = defaultOperationContext,
): Result<{ document: TemplateDocument; id: string }> {
  const type = input.type ?? 'page';
  const items = [...doc.items];
  if (type !== 'page' && items.some((item) => item.depth === 0 && item.type === type)) {
    return refuse('CKL_PAGE_ALREADY_EXISTS', { type });
  }
  const page = newItem(context, type, null, input.title === undefined ? {} : { title: input.title });
  let at: number;
  if (type === 'start_page') at = 0;
  else if (type === 'end_page') at = items.length;
  else {
    const tail = tailStart(items);
    const afterIndex = input.after ? items.findIndex((item) => item.id === input.after && item.depth === 0) : -1;
    if (input.after && afterIndex < 0) return refuse('CKL_ITEM_NOT_FOUND', { item: input.after });
    at = afterIndex < 0 ? tail : Math.min(subtreeEnd(items, afterIndex), tail);
    const startIndex = items.findIndex((item) => item.depth === 0 && item.type === 'start_page');
    if (startIndex >= 0) at = Math.max(at, subtreeEnd(items, startIndex));
  }
  items.splice(at, 0, page);
  return succeed({ document: finalize({ ...doc, items }), id: page.id });
}

/** Moves a page among the ordinary pages; `index` counts ordinary pages only. */
export function movePage(doc: TemplateDocument, pageId: string, index: number): Result<TemplateDocument> {
  const from = doc.items.findIndex((item) => item.id === pageId && item.depth === 0);
  if (from < 0) return refuse('CKL_ITEM_NOT_FOUND', { item: pageId });
  if (doc.items[from].type !== 'page') return refuse('CKL_PAGE_FIXED');
  const block = doc.items.slice(from, subtreeEnd(doc.items, from));
  const rest = [...doc.items.slice(0, from), ...doc.items.slice(from + block.length)];
  const ordinary = rest.map((item, i) => ({ item, i })).filter(({ item }) => item.depth === 0 && item.type === 'page');
  let at: number;
  if (index < ordinary.length) at = ordinary[Math.max(0, index)].i;
  else {
    const last = ordinary[ordinary.length - 1];
    if (last) at = subtreeEnd(rest, last.i);
    else {
      const startIndex = rest.findIndex((item) => item.depth === 0 && item.type === 'start_page');
      at = startIndex >= 0 ? subtreeEnd(rest, startIndex) : 0;
    }
  }
  const items = [...rest.slice(0, at), ...block, ...rest.slice(at)];
  const next = finalize({ ...doc, items });
  const refusal = checkChange(doc, next);
  return refusal ?? succeed(next);
}

/** Hides or unhides a page (its not_visible option); the hidden page stays hidden. */
export function setPageHidden(doc: TemplateDocument, pageId: string, hidden: boolean): Result<TemplateDocument> {
  const index = doc.items.findIndex((item) => item.id === pageId && item.depth === 0);
  if (index < 0) return refuse('CKL_ITEM_NOT_FOUND', { item: pageId });
  const page = doc.items[index];
  if (page.type === 'hidden_page') return refuse('CKL_PAGE_FIXED');
  const items = [...doc.items];
  items[index] = { ...page, options: { ...page.options, not_visible: hidden } };
  return succeed({ ...doc, items });
}
