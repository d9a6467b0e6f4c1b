import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { ID_MAX, NAME_MAX } from './limits.ts';

/** The general upload limits (spec 1 §9) are UPLOAD_MAX_BYTES and UPLOAD_MIN_BYTES in constants.ts. */

/** Image types shown inline (never SVG: it can carry scripts). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/**
 * What `POST /file/upload` accepts, recognised by the file's first bytes (never by its name or the
 * browser's claim): images, PDF, video and audio recordings, and Office documents.
 */
export const UPLOAD_MIME_TYPES = [
  ...IMAGE_MIME_TYPES,
  'application/pdf',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/wav',
  'audio/ogg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;

export const FILE_URL_PREFIX = '/storage/';

/** The URL a stored file is served at: `storage/{path}` from the application's root. */
export function fileUrl(path: string): string {
  return `${FILE_URL_PREFIX}${path}`;
}

/** A stored file as the API describes it (`data.file` of an upload). */
export const StoredFileSchema = z.object({
  id: z.string(),
  path: z.string(),
  url: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

export const FileUploadResultSchema = z.object({ file: StoredFileSchema });
export type FileUploadResult = z.infer<typeof FileUploadResultSchema>;

/**
 * The `response` of a call that answers a file (a download), not JSON: the server's handler sends it
 * (`sendsFile` in the module kit) and the web app links to the call rather than calling it.
 */
export const FileAnswerSchema = z.custom<Blob>();

export const StoredFileParamsSchema = z.object({ workspaceId: z.string().max(ID_MAX), name: z.string().max(NAME_MAX) });

/** `?size=thumb` asks for a picture's thumbnail (a WebP of at most 192 × 192 px); any other file is sent whole. */
export const StoredFileQuerySchema = z.object({ size: z.enum(['thumb']).optional() });
export type StoredFileSize = NonNullable<z.infer<typeof StoredFileQuerySchema>['size']>;

/** Uploading a file and reading a stored one (the file service, spec 1 §7). */
export const fileEndpoints = defineEndpoints({
  'POST /api/file/upload': {
    summary: 'Upload one file (multipart field `file`; 10 KB to 30 MB; type recognised by its content)',
    response: FileUploadResultSchema,
  },
  'GET /storage/:workspaceId/:name': {
    summary: 'A stored file, to members of its workspace (`size=thumb`: a picture as its thumbnail)',
    params: StoredFileParamsSchema,
    query: StoredFileQuerySchema,
    response: FileAnswerSchema,
  },
});
