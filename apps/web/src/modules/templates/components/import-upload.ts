import { splitEndpointKey, type Template } from '@vigil/contracts';
import { jsonBody, sendMultipart } from '../../../components/upload/send-multipart.ts';
import { linkTo } from '../../../lib/api.ts';
import { HttpError } from '../../../lib/http.ts';

const IMPORT_PATH = splitEndpointKey('POST /api/checklist/template/import').path;
/** The sample file is a download the page links to, not a call it makes. */
export const sampleUrl = (format: 'csv' | 'xlsx') => linkTo('GET /api/checklist/template/import/sample', { query: { format } });

export interface ImportCall {
  /** The created template, or an HttpError (422 CKL_IMPORT_ROWS_INVALID carries the rows). */
  done: Promise<Template>;
  /** Whether the whole file has been sent (after that, the server decides alone). */
  sent: () => boolean;
  abort: () => void;
}

/** Sends the file to `POST /checklist/template/import` with the form fields (see sendMultipart). */
export function startImport(file: File, fields: Record<string, string>, onProgress: (percent: number) => void): ImportCall {
  const xhr = new XMLHttpRequest();
  let sent = false;
  const done = new Promise<Template>((resolve, reject) => {
    xhr.upload.onload = () => {
      sent = true;
    };
    xhr.onload = () => {
      // Not JSON: an error without a message.
      const body = (jsonBody(xhr) ?? {}) as { data?: unknown; code?: string; message?: string };
      if (xhr.status >= 200 && xhr.status < 300) resolve(body.data as Template);
      else reject(new HttpError(xhr.status, body.code ?? '', body.message ?? '', body.data));
    };
    xhr.onerror = () => reject(new HttpError(0, 'NETWORK_ERROR', ''));
    xhr.onabort = () => reject(new DOMException('Import cancelled', 'AbortError'));
    sendMultipart(xhr, { path: IMPORT_PATH, file, fields, onProgress });
  });
  return { done, sent: () => sent, abort: () => xhr.abort() };
}
