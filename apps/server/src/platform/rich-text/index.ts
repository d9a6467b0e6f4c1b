export { sanitizeDocumentInfo, sanitizeRichText } from './rich-text.ts';
