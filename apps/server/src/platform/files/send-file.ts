import { UPLOAD_MIME_TYPES } from '@vigil/contracts';
import type { FastifyReply } from 'fastify';
import type { OpenedFile } from './files.service.ts';
import { isInlineImage } from './inline-images.ts';
import { nameWithExtension } from './upload.ts';

/** The stored type when uploads accept it (all are read from the content); anything else is served as opaque bytes. */
function servedType(mime: string): string {
  return (UPLOAD_MIME_TYPES as readonly string[]).includes(mime) ? mime : 'application/octet-stream';
}

/** The download name for old clients: ASCII only, no quotes. */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}

/**
 * Sends a stored file as `GET /storage/…` does (docs/files.md): its stored type, inline only for
 * pictures, a download name of the stored type's extension, never rendered as a page, cached privately.
 * A picture's thumbnail goes as a WebP of the same name.
 */
export function sendStoredFile(reply: FastifyReply, { file, body, sent }: OpenedFile): FastifyReply {
  const type = sent?.mime ?? servedType(file.mime);
  const disposition = isInlineImage(type) ? 'inline' : 'attachment';
  // Rows stored before names took the detected type's extension still carry the uploaded one.
  const name = nameWithExtension(file.originalName, sent?.ext ?? file.path.slice(file.path.lastIndexOf('.') + 1));
  return (
    reply
      .type(type)
      .header('content-length', sent?.size ?? file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `${disposition}; filename="${asciiName(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      // A stored file never changes (a new upload gets a new path), but it is private to its readers.
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(body)
  );
}
