import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, configureHttp, isHttpError, request, type HttpEffects, type RequestOptions } from './http.ts';
import { getInFlightCount } from './loading.ts';
import { setToastSink, type ToastSink } from './toast.ts';

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let toast: ReturnType<typeof vi.fn<ToastSink>>;
let effects: { [K in keyof HttpEffects]: ReturnType<typeof vi.fn<HttpEffects[K]>> };
let currentPath = '/dashboard';

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  toast = vi.fn<ToastSink>();
  setToastSink(toast);
  currentPath = '/dashboard';
  effects = {
    clearSession: vi.fn(),
    reloadTo: vi.fn(),
    replaceRoute: vi.fn(),
    currentPath: vi.fn(() => currentPath),
  };
  configureHttp(effects);
  window.localStorage.clear();
  document.cookie = 'XSRF-TOKEN=tok%2Ben; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('buildUrl', () => {
  it('encodes list queries in nested-bracket style', async () => {
    const url = await buildUrl('/user/list', {
      limit: 25,
      page: 1,
      sort: { title: 'asc' },
      filter: { title: { operator: 'contains', value: 'pump' } },
    });
    expect(url).toBe('/api/user/list?limit=25&page=1&sort[title]=asc&filter[title][operator]=contains&filter[title][value]=pump');
  });

  it('indexes array values and encodes special characters in values', async () => {
    expect(await buildUrl('/x', { filter: { d: { operator: 'between', value: ['a b', 'c&d'] } } })).toBe(
      '/api/x?filter[d][operator]=between&filter[d][value][0]=a%20b&filter[d][value][1]=c%26d',
    );
  });

  it('leaves the path alone without a query, at once', () => {
    expect(buildUrl('/user/auth')).toBe('/api/user/auth');
  });
});

describe('sending', () => {
  it('sends a call without a query in the task that asks for it, ahead of what the page asks for next', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: 1 }));
    const answer = request('GET', '/user/auth');
    expect(fetchMock).toHaveBeenCalledWith('/api/user/auth', expect.objectContaining({ method: 'GET' }));
    expect(await answer).toEqual({ data: 1 });
  });
});

describe('request headers', () => {
  it('sends credentials and the language on every call, without an anti-forgery header on GET', async () => {
    window.localStorage.setItem('vigil.language', 'fr');
    fetchMock.mockResolvedValue(jsonResponse(200, { data: 1 }));
    await request('GET', '/user/auth');
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/user/auth');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
    expect(headers.get('Accept-Language')).toBe('fr');
    expect(headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it.each(['POST', 'PUT', 'PATCH'] as const)('sends the decoded XSRF cookie and a JSON body on %s', async (method) => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: null }));
    await request(method, '/thing', { body: { a: 1 } });
    const { init, headers } = lastCall();
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok+en');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends the XSRF header on DELETE', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: null }));
    await request('DELETE', '/thing/1');
    expect(lastCall().headers.get('X-XSRF-TOKEN')).toBe('tok+en');
  });

  it('falls back to English without a stored language', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: 1 }));
    await request('GET', '/x');
    expect(lastCall().headers.get('Accept-Language')).toBe('en');
  });
});

describe('success answers', () => {
  it('resolves to the body and toasts its message as a success', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { id: 1 }, message: 'Saved' }));
    await expect(request('POST', '/thing', { body: {} })).resolves.toEqual({ data: { id: 1 }, message: 'Saved' });
    expect(toast).toHaveBeenCalledWith('success', 'Saved');
  });

  it('does not toast without a message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [] }));
    await request('GET', '/list');
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('error answers (spec 1 §8)', () => {
  async function failWith(status: number, body?: unknown, options?: RequestOptions) {
    fetchMock.mockResolvedValue(jsonResponse(status, body));
    const error: unknown = await request('GET', '/x', options).catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    return error as import('./http.ts').HttpError;
  }

  it('clears the session and reloads to /login with the current path on USR_UNAUTHENTICATED', async () => {
    currentPath = '/user/list?page=2';
    await failWith(401, { code: 'USR_UNAUTHENTICATED', message: 'Please log in' });
    expect(effects.clearSession).toHaveBeenCalledOnce();
    expect(effects.reloadTo).toHaveBeenCalledWith('/login?redirect_uri=%2Fuser%2Flist%3Fpage%3D2');
    expect(toast).not.toHaveBeenCalled();
  });

  it.each(['/login', '/register', '/forgot-password'])('stays on %s on USR_UNAUTHENTICATED', async (path) => {
    currentPath = path;
    await failWith(401, { code: 'USR_UNAUTHENTICATED', message: 'Please log in' });
    expect(effects.clearSession).toHaveBeenCalledOnce();
    expect(effects.reloadTo).not.toHaveBeenCalled();
  });

  it('leaves USR_UNAUTHENTICATED to the caller when asked (session probe)', async () => {
    const error = await failWith(401, { code: 'USR_UNAUTHENTICATED', message: 'x' }, { authRedirect: false, silent: true });
    expect(error.code).toBe('USR_UNAUTHENTICATED');
    expect(effects.clearSession).not.toHaveBeenCalled();
    expect(effects.reloadTo).not.toHaveBeenCalled();
  });

  it('replaces the route with /error on a 404', async () => {
    await failWith(404, { code: '_OBJECT_NOT_FOUND', message: 'Not found' });
    expect(effects.replaceRoute).toHaveBeenCalledWith('/error');
    expect(toast).not.toHaveBeenCalled();
  });

  it('replaces the route with /error on a 404 without a body', async () => {
    await failWith(404);
    expect(effects.replaceRoute).toHaveBeenCalledWith('/error');
  });

  it('leaves a 404 to the caller when asked (a share link no longer valid), silently when also asked', async () => {
    const error = await failWith(404, { code: '_OBJECT_NOT_FOUND', message: 'Not found' }, { notFoundRedirect: false, silent: true });
    expect(error.status).toBe(404);
    expect(effects.replaceRoute).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('does not leave the page on a 404 USR_USER_NOT_EXIST, but toasts it', async () => {
    await failWith(404, { code: 'USR_USER_NOT_EXIST', message: 'No such user' });
    expect(effects.replaceRoute).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith('error', 'No such user');
  });

  it('shows the workspace-not-found page on WSP_NOT_FOUND', async () => {
    await failWith(404, { code: 'WSP_NOT_FOUND', message: 'No workspace' });
    expect(effects.replaceRoute).toHaveBeenCalledWith('/workspace-not-found');
  });

  it('toasts the server message and exposes field errors on other errors', async () => {
    const error = await failWith(422, {
      code: '_VALIDATION_FAILED',
      message: 'Check the form',
      data: { email: ['Enter a valid e-mail address'] },
    });
    expect(toast).toHaveBeenCalledWith('error', 'Check the form');
    expect(error.status).toBe(422);
    expect(error.code).toBe('_VALIDATION_FAILED');
    expect(error.fieldErrors).toEqual({ email: ['Enter a valid e-mail address'] });
  });

  it('does not toast when the call is silent', async () => {
    await failWith(403, { code: '_FORBIDDEN', message: 'No' }, { silent: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('does not toast when the body is empty or not JSON', async () => {
    await failWith(500);
    fetchMock.mockResolvedValue(new Response('<html>oops</html>', { status: 502 }));
    await request('GET', '/x').catch(() => undefined);
    expect(toast).not.toHaveBeenCalled();
  });

  it('only logs a network error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error: unknown = await request('GET', '/x').catch((e: unknown) => e);
    expect(isHttpError(error) && error.status).toBe(0);
    expect(log).toHaveBeenCalledOnce();
    expect(toast).not.toHaveBeenCalled();
    expect(effects.replaceRoute).not.toHaveBeenCalled();
  });
});

describe('in-flight counter', () => {
  it('counts calls while they run, also when they fail', async () => {
    let resolve: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    const pending = request('GET', '/slow');
    expect(getInFlightCount()).toBe(1);
    resolve(jsonResponse(500, { code: '_INTERNAL_ERROR', message: 'Boom' }));
    await pending.catch(() => undefined);
    expect(getInFlightCount()).toBe(0);
  });
});
