/** Every item type of spec 2 §3 "Item types", with the ok/not ok type `oknot`. */
export const ITEM_TYPES = [
  // Pages
  'page',
  'start_page',
  'end_page',
  'hidden_page',
  // Section
  'section',
  // startPage
  'inspection_number',
  'asset',
  'document_id',
  'inspection_start_date',
  'inspection_location',
  'inspection_real_start_date',
  'file_manager',
  'url',
  // specialPage
  'person',
  // endPage
  'inspection_end_date',
  'inspection_real_end_date',
  'end_signature',
  'repeating_group',
  // text
  'textAnswer',
  'longText',
  'instruction',
  'site',
  // numeric
  'number',
  'slider',
  'constant',
  'calculation',
  'issues_count',
  'counter',
  // datetime
  'datetime',
  // yesno
  'yesno',
  'switch',
  'checkbox',
  'oknot',
  // select
  'list',
  'dropdown',
  'global_list',
  'dataset',
  'spare_parts',
  // approval
  'signature',
  'acknowledgment',
  // multimedia
  'photo',
  'video',
  'audio',
  // scanning
  'qr',
  'barcode',
  // misc
  'asset_field',
  'assignment_field',
  'global_item',
] as const;

export type ItemType = (typeof ITEM_TYPES)[number];

export const ITEM_GROUPS = [
  'pages',
  'section',
  'startPage',
  'specialPage',
  'endPage',
  'text',
  'numeric',
  'datetime',
  'yesno',
  'select',
  'approval',
  'multimedia',
  'scanning',
  'misc',
] as const;

export type ItemGroup = (typeof ITEM_GROUPS)[number];

export const PAGE_TYPES = ['page', 'start_page', 'end_page', 'hidden_page'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export function isPageType(type: string): type is PageType {
  return (PAGE_TYPES as readonly string[]).includes(type);
}

/** Types that hold other items: pages, sections and the repeating-group wrapper. */
export function isContainerType(type: string): boolean {
  return isPageType(type) || type === 'section' || type === 'repeating_group';
}
