import { XSRF_COOKIE, XSRF_HEADER } from '@vigil/contracts';
import { HttpError, readCookie } from '../../lib/http.ts';
import { getLanguage } from '../../lib/language.ts';

export interface MultipartCall {
  path: string;
  file: Blob & { name?: string };
  /** More multipart fields, sent before the file. */
  fields?: Record<string, string>;
  onProgress?: (percent: number) => void;
}

/**
 * POSTs the file as the multipart field `file` on `xhr` (whose handlers the caller has set), as the
 * HTTP client would: credentials, the language and the anti-forgery header (spec 1 §7).
 * XMLHttpRequest rather than fetch: only it reports upload progress.
 */
export function sendMultipart(xhr: XMLHttpRequest, { path, file, fields = {}, onProgress }: MultipartCall): void {
  xhr.open('POST', path);
  xhr.withCredentials = true;
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.setRequestHeader('Accept-Language', getLanguage());
  const token = readCookie(XSRF_COOKIE);
  if (token) xhr.setRequestHeader(XSRF_HEADER, token);
  xhr.upload.onprogress = (event) => {
    if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name ?? 'file');
  xhr.send(form);
}

/** The answer's JSON body, or undefined when it is not JSON. */
export function jsonBody(xhr: XMLHttpRequest): unknown {
  try {
    return JSON.parse(xhr.responseText) as unknown;
  } catch {
    return undefined;
  }
}

export interface MultipartUpload<T> {
  /** The answer's data, or an HttpError (422 carries the fields' messages). */
  done: Promise<T>;
  abort: () => void;
}

/** POSTs the file with the fields as multipart (upload progress in percent), answering the envelope's data. */
export function postMultipart<T>(
  path: string,
  file: File,
  fields: Record<string, string> = {},
  onProgress?: (percent: number) => void,
): MultipartUpload<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.onload = () => {
      const body = (jsonBody(xhr) ?? {}) as { data?: unknown; code?: string; message?: string };
      if (xhr.status >= 200 && xhr.status < 300) resolve(body.data as T);
      else reject(new HttpError(xhr.status, body.code ?? '', body.message ?? '', body.data));
    };
    xhr.onerror = () => reject(new HttpError(0, 'NETWORK_ERROR', ''));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    sendMultipart(xhr, { path, file, fields, onProgress });
  });
  return { done, abort: () => xhr.abort() };
}
