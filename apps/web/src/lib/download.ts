import { endpointPath, splitEndpointKey, XSRF_COOKIE, XSRF_HEADER, type ApiInput, type ApiKey } from '@vigil/contracts';
import { HttpError, readCookie } from './http.ts';
import { getLanguage } from './language.ts';
import { beginRequest, endRequest } from './loading.ts';
import { showToast } from './toast.ts';

/** The file name an answer's Content-Disposition gives, else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** Hands a file to the browser as a download, through a short-lived object URL. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Sends a call that answers a file (a POST with a body, which a link cannot send) and downloads the
 * answer; an error answer's message is shown and the promise rejects with an HttpError.
 */
export async function downloadFrom<K extends ApiKey>(key: K, input: ApiInput<K>, fallbackName: string): Promise<void> {
  const { method, path } = splitEndpointKey(key);
  const { params, body } = input as { params?: Record<string, string>; body?: unknown };
  const headers = new Headers({ Accept: '*/*', 'Accept-Language': getLanguage() });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const token = readCookie(XSRF_COOKIE);
  if (token && method !== 'GET') headers.set(XSRF_HEADER, token);
  beginRequest();
  try {
    const response = await fetch(endpointPath(path, params), {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { code?: string; message?: string; data?: unknown };
      const error = new HttpError(response.status, answer.code ?? '', answer.message ?? response.statusText, answer.data);
      if (error.message) showToast('error', error.message);
      throw error;
    }
    saveFile(await response.blob(), fileNameOf(response, fallbackName));
  } finally {
    endRequest();
  }
}
