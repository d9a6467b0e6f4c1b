import { splitEndpointKey, type FileUploadResult, type StoredFile } from '@vigil/contracts';
import { jsonBody, sendMultipart } from './send-multipart.ts';

const UPLOAD_PATH = splitEndpointKey('POST /api/file/upload').path;

/** An upload the server (or the network) refused; `message` is ready to show. */
class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Spec 1 §8 "Upload failure": the first message in the error's data, else the error's message,
 * else the fallback (the localised "Unexpected error").
 */
export function uploadErrorMessage(body: unknown, fallback: string): string {
  if (typeof body !== 'object' || body === null) return fallback;
  const { data, message } = body as { data?: unknown; message?: unknown };
  if (typeof data === 'object' && data !== null) {
    for (const messages of Object.values(data)) {
      if (Array.isArray(messages) && typeof messages[0] === 'string' && messages[0]) return messages[0];
    }
  }
  return typeof message === 'string' && message ? message : fallback;
}

export interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** The localised text for a failure without any message. */
  unexpected: string;
  /** Another upload endpoint that answers `data.file` (e.g. a template's image marker). */
  path?: string;
  /** More multipart fields sent with the file. */
  fields?: Record<string, string>;
}

/** Sends one file as the multipart field `file` (see sendMultipart); resolves to the stored file. */
export function uploadFile(file: Blob & { name?: string }, options: UploadOptions): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.onload = () => {
      const body = jsonBody(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((body as { data: FileUploadResult }).data.file);
      } else {
        reject(new UploadError(uploadErrorMessage(body, options.unexpected), xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError(options.unexpected, 0));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    sendMultipart(xhr, { path: options.path ?? UPLOAD_PATH, file, fields: options.fields, onProgress: options.onProgress });
  });
}
