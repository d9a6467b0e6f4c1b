export { sanitizeRichText } from './rich-text.ts';
