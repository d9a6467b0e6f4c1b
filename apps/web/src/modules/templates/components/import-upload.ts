import { XSRF_COOKIE, XSRF_HEADER, type Template } from '@vigil/contracts';
import { HttpError, readCookie } from '../../../lib/http.ts';
import { getLanguage } from '../../../lib/language.ts';

export const IMPORT_PATH = '/api/checklist/template/import';
export const sampleUrl = (format: 'csv' | 'xlsx') => `${IMPORT_PATH}/sample?format=${format}`;

export interface ImportCall {
  /** The created template, or an HttpError (422 CKL_IMPORT_ROWS_INVALID carries the rows). */
  done: Promise<Template>;
  /** Whether the whole file has been sent (after that, the server decides alone). */
  sent: () => boolean;
  abort: () => void;
}

/**
 * Sends the file to `POST /checklist/template/import` with the form fields. XMLHttpRequest rather
 * than the fetch client: only it reports upload progress.
 */
export function startImport(file: File, fields: Record<string, string>, onProgress: (percent: number) => void): ImportCall {
  const xhr = new XMLHttpRequest();
  let sent = false;
  const done = new Promise<Template>((resolve, reject) => {
    xhr.open('POST', IMPORT_PATH);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', getLanguage());
    const token = readCookie(XSRF_COOKIE);
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.upload.onload = () => {
      sent = true;
    };
    xhr.onload = () => {
      let body: { data?: unknown; code?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // Not JSON: handled as an error without a message below.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body.data as Template);
      else reject(new HttpError(xhr.status, body.code ?? '', body.message ?? '', body.data));
    };
    xhr.onerror = () => reject(new HttpError(0, 'NETWORK_ERROR', ''));
    xhr.onabort = () => reject(new DOMException('Import cancelled', 'AbortError'));
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, sent: () => sent, abort: () => xhr.abort() };
}
