/**
 * What the server holds every client input to before a route sees it (docs/input-limits.md): JSON
 * bodies measured before they are parsed, query strings refused when too deep or too many, and rich
 * text sanitised wherever a schema reads it.
 */
import { installRichTextSanitizer } from '@vigil/checklist';
import type { FastifyInstance } from 'fastify';
import { registerJsonBodyParser } from './json-body.ts';
import { refuseComplexQueries } from './query-string.ts';
import { sanitizeRichText } from './rich-text/index.ts';

export function registerInputLimits(app: FastifyInstance): void {
  installRichTextSanitizer(sanitizeRichText);
  registerJsonBodyParser(app);
  refuseComplexQueries(app);
}
