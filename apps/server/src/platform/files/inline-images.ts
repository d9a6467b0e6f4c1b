import { IMAGE_MIME_TYPES } from '@vigil/contracts';

/** Images a browser may show inline; everything else is sent as a download. */
export function isInlineImage(mime: string): boolean {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(mime);
}
