/**
 * Rich text (the HTML of info blocks) is cleaned by the schema that reads it, so no path that accepts
 * a document or a part of one can store HTML unsanitised (issue 11.15: `info/new` echoed it). The
 * domain stays free of an HTML parser: the server installs its sanitiser once at start
 * (apps/server/src/platform/rich-text); elsewhere (the builder reading what the server sent) the text
 * is kept as it is.
 */
import { z } from 'zod';
import { RICH_TEXT_MAX } from '@vigil/contracts';

type Sanitizer = (html: string) => string;
let sanitize: Sanitizer = (html) => html;

/** Makes every RichTextSchema parse from now on pass its text through `sanitizer`. */
export function installRichTextSanitizer(sanitizer: Sanitizer): void {
  sanitize = sanitizer;
}

export const RichTextSchema = z
  .string()
  .max(RICH_TEXT_MAX)
  .transform((html) => sanitize(html));
