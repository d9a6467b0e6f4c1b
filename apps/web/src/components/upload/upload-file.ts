import { XSRF_COOKIE, XSRF_HEADER, type FileUploadResult, type StoredFile } from '@vigil/contracts';
import { readCookie } from '../../lib/http.ts';
import { getLanguage } from '../../lib/language.ts';

export const UPLOAD_PATH = '/api/file/upload';

/** An upload the server (or the network) refused; `message` is ready to show. */
export class UploadError extends Error {
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

/**
 * Sends one file as the multipart field `file`, with credentials, the language and the anti-forgery
 * header (spec 1 §7). XMLHttpRequest rather than fetch: only it reports upload progress.
 */
export function uploadFile(file: Blob & { name?: string }, options: UploadOptions): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', options.path ?? UPLOAD_PATH);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', getLanguage());
    const token = readCookie(XSRF_COOKIE);
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((body as { data: FileUploadResult }).data.file);
      } else {
        reject(new UploadError(uploadErrorMessage(body, options.unexpected), xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError(options.unexpected, 0));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append('file', file, file.name ?? 'file');
    xhr.send(form);
  });
}
