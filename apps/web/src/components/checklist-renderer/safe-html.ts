/**
 * The rich text of an info block as the renderer inserts it. The server sanitised it with an allowlist
 * before storing it (apps/server/src/platform/rich-text); the builder's preview shows what its editor
 * wrote, not yet stored. So the renderer filters it once more with the same allowlist before it goes
 * into the page through `dangerouslySetInnerHTML`, in one place (RichTextBlock): parsed by DOMParser into
 * an inert document (no script runs, no image loads while parsing), elements outside the list removed
 * with their content, attributes outside the list dropped, links only http(s) or mailto and opened in a
 * new tab without an opener, images only from the file service (stored files' URLs, storage/{workspace}/{name}).
 */
const ALLOWED_TAGS = new Set([
  'P',
  'BR',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'PRE',
  'CODE',
  'UL',
  'OL',
  'LI',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'SPAN',
  'A',
  'IMG',
  'HR',
]);
const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  A: ['href'],
  IMG: ['src', 'alt', 'title', 'width', 'height'],
  SPAN: ['style'],
};
const LINK = /^(https?:|mailto:)/i;
const STORED_FILE = /^\/storage\/[\w-]+\/[\w.-]+$/;
const FONT_FAMILY = /^\s*["']?(Arial|Georgia|Impact|Tahoma|Times New Roman|Verdana)["']?(\s*,\s*[a-z-]+)?\s*$/i;
const FONT_SIZE = /^(?:[89]|[1-8]\d|9[0-6])px$/;

function cleanStyle(element: HTMLElement): void {
  const family = element.style.fontFamily;
  const size = element.style.fontSize;
  element.removeAttribute('style');
  if (family && FONT_FAMILY.test(family)) element.style.fontFamily = family;
  if (size && FONT_SIZE.test(size)) element.style.fontSize = size;
}

function clean(node: Element): void {
  for (const child of [...node.children]) {
    if (!ALLOWED_TAGS.has(child.tagName)) {
      child.remove();
      continue;
    }
    const allowed = ALLOWED_ATTRIBUTES[child.tagName] ?? [];
    for (const attribute of [...child.attributes]) if (!allowed.includes(attribute.name)) child.removeAttribute(attribute.name);
    if (child.tagName === 'A') {
      const href = child.getAttribute('href') ?? '';
      if (!LINK.test(href.trim())) child.removeAttribute('href');
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (child.tagName === 'IMG' && !STORED_FILE.test(child.getAttribute('src') ?? '')) {
      child.remove();
      continue;
    }
    if (child.tagName === 'SPAN') cleanStyle(child as HTMLElement);
    clean(child);
  }
}

/** The HTML with only the info editor's tags, attributes and styles left. */
export function safeRichText(html: string): string {
  if (html.trim() === '') return '';
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  clean(parsed.body);
  return parsed.body.innerHTML;
}

/** The rich text of an item's info block (`options.info_id`): its first text entry, or ''. */
export function infoHtmlOf(info: readonly { uuid: string; items: readonly unknown[] }[], infoId: string | null | undefined): string {
  if (!infoId) return '';
  const block = info.find((entry) => entry.uuid === infoId);
  for (const entry of block?.items ?? []) {
    if (typeof entry === 'string') return entry;
    if (typeof entry === 'object' && entry !== null && typeof (entry as { content?: unknown }).content === 'string') {
      return (entry as { content: string }).content;
    }
  }
  return '';
}
