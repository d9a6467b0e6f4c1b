import { PUBLIC_AUTH_PATHS, XSRF_COOKIE, XSRF_HEADER, type FieldErrors } from '@vigil/contracts';
import { getLanguage } from './language.ts';
import { beginRequest, endRequest } from './loading.ts';
import { ERROR_PATH, WORKSPACE_NOT_FOUND_PATH } from './paths.ts';
import { loginPathFor } from './redirect.ts';
import { showToast } from './toast.ts';

/** Every success answer (ARCHITECTURE.md §3); the client resolves to this body. */
export interface ApiBody<T> {
  data: T;
  message?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Nested objects become bracket keys: `filter[title][operator]=contains`. */
  query?: object;
  body?: unknown;
  /** No error toast for this call (spec 1 §8: "unless the request was marked silent"). */
  silent?: boolean;
  /** Leave USR_UNAUTHENTICATED to the caller (the session probe), instead of going to /login. */
  authRedirect?: boolean;
  /** Leave a 404 to the caller (a page that says what a missing thing means, e.g. a share link no longer valid), instead of going to the error page. */
  notFoundRedirect?: boolean;
  signal?: AbortSignal;
}

/** An answer with an error status; `status` 0 means no answer (network failure). */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: unknown;

  constructor(status: number, code: string, message: string, data?: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.data = data;
  }

  /** Per-field messages of a validation failure (422), if any. */
  get fieldErrors(): FieldErrors {
    return isFieldErrors(this.data) ? this.data : {};
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
  );
}

/** What the client does on the global cases of spec 1 §8; the shell wires the session and router in. */
export interface HttpEffects {
  clearSession: () => void;
  /** Full reload to the given URL. */
  reloadTo: (url: string) => void;
  /** Replace the current route (client side). */
  replaceRoute: (path: string) => void;
  currentPath: () => string;
}

const effects: HttpEffects = {
  clearSession: () => {},
  reloadTo: (url) => window.location.assign(url),
  replaceRoute: (path) => window.location.replace(path),
  currentPath: () => `${window.location.pathname}${window.location.search}`,
};

export function configureHttp(overrides: Partial<HttpEffects>): void {
  Object.assign(effects, overrides);
}

const API_BASE = '/api';
const UNSAFE_METHODS: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * `qs` (with its dependencies, 45 KB) loads with the first request that has a query; sign-in has none. A call
 * without one gets its address in the same task, so that it leaves before what the page asks for after it.
 */
export function buildUrl(path: string, query?: object): string | Promise<string> {
  if (!query) return `${API_BASE}${path}`;
  return import('qs').then(({ stringify }) => {
    const search = stringify(query, { encodeValuesOnly: true, skipNulls: true });
    return `${API_BASE}${path}${search ? `?${search}` : ''}`;
  });
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function buildHeaders(method: HttpMethod, body: unknown): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getLanguage() });
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  if (UNSAFE_METHODS.includes(method)) {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
  }
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function field(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
}

function isOnPublicAuthPath(): boolean {
  const pathname = effects.currentPath().split('?')[0] ?? '';
  return PUBLIC_AUTH_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** Spec 1 §8, in order: session end, missing workspace, not found, then a toast. */
function handleError(error: HttpError, hasBody: boolean, options: RequestOptions): void {
  if (error.code === 'USR_UNAUTHENTICATED') {
    if (options.authRedirect === false) return;
    effects.clearSession();
    if (!isOnPublicAuthPath()) effects.reloadTo(loginPathFor(effects.currentPath()));
    return;
  }
  if (error.code === 'WSP_NOT_FOUND') {
    effects.replaceRoute(WORKSPACE_NOT_FOUND_PATH);
    return;
  }
  if (error.status === 404 && error.code !== 'USR_USER_NOT_EXIST' && options.notFoundRedirect !== false) {
    effects.replaceRoute(ERROR_PATH);
    return;
  }
  if (!options.silent && hasBody && error.message) showToast('error', error.message);
}

/** Sends the call; an answer that is not OK is handled (spec 1 §8) and thrown as an HttpError. */
async function send(method: HttpMethod, path: string, options: RequestOptions): Promise<Response> {
  let response: Response;
  try {
    const url = buildUrl(path, options.query);
    response = await fetch(typeof url === 'string' ? url : await url, {
      method,
      credentials: 'include',
      headers: buildHeaders(method, options.body),
      body: encodeBody(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    console.error(`${method} ${path} failed without an answer`, cause);
    throw new HttpError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : String(cause));
  }
  if (!response.ok) {
    const body = await readBody(response);
    const code = field(body, 'code');
    const message = field(body, 'message');
    const error = new HttpError(
      response.status,
      typeof code === 'string' ? code : '',
      typeof message === 'string' ? message : '',
      field(body, 'data'),
    );
    handleError(error, body !== undefined, options);
    throw error;
  }
  return response;
}

export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiBody<T>> {
  beginRequest();
  try {
    const body = await readBody(await send(method, path, options));
    const message = field(body, 'message');
    if (typeof message === 'string' && message) showToast('success', message);
    return (body ?? { data: undefined }) as ApiBody<T>;
  } finally {
    endRequest();
  }
}

/** A call whose answer is a file: its bytes and the name its Content-Disposition gives. Errors as `request`'s. */
export async function requestFile(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; fileName: string | undefined }> {
  beginRequest();
  try {
    const response = await send(method, path, options);
    const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    return { blob: await response.blob(), fileName };
  } finally {
    endRequest();
  }
}
