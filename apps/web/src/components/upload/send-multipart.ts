import { XSRF_COOKIE, XSRF_HEADER } from '@vigil/contracts';
import { readCookie } from '../../lib/http.ts';
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
