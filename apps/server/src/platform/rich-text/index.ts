export { RICH_TEXT_FONTS, RICH_TEXT_MAX_SIZE, RICH_TEXT_MIN_SIZE, sanitizeDocumentInfo, sanitizeRichText } from './rich-text.ts';
