/**
 * Rich text of info blocks, cleaned before it is stored (ARCHITECTURE.md §3: never trust HTML from a
 * client). The allowlist is exactly what the builder's editor produces: paragraphs, headings 1-6,
 * blockquote, code, lists, bold/italic/underline/strike, links, images, and `span` styles for the
 * six fonts and sizes 8-96 px. Everything else (scripts, event handlers, `javascript:` and `data:`
 * URLs, images not stored by the file service, other styles) is removed.
 */
import sanitizeHtml from 'sanitize-html';

const RICH_TEXT_FONTS = ['Arial', 'Georgia', 'Impact', 'Tahoma', 'Times New Roman', 'Verdana'] as const;

const fontFamily = new RegExp(`^\\s*["']?(${RICH_TEXT_FONTS.join('|')})["']?(\\s*,\\s*[a-z-]+)?\\s*$`, 'i');
/** A file served by the file service (`/storage/{workspace}/{name}`), as uploads answer it. */
const STORED_FILE = /^\/storage\/[\w-]+\/[\w.-]+$/;
/** 8 to 96 px, written as the editor writes it. */
const fontSize = /^(?:[89]|[1-8]\d|9[0-6])px$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'span',
    'a',
    'img',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: ['style'],
  },
  allowedStyles: { span: { 'font-family': [fontFamily], 'font-size': [fontSize] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Images only from this workspace's file service: no data: URLs, no pixels loaded from elsewhere.
  exclusiveFilter: (frame) => frame.tag === 'img' && !STORED_FILE.test(frame.attribs.src ?? ''),
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

/** The HTML with only the editor's tags, attributes and styles left. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
