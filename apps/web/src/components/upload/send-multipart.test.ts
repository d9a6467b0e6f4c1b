import { XSRF_HEADER } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonBody, sendMultipart } from './send-multipart.ts';

/** Records what the request was opened and sent with. */
function fakeXhr() {
  const headers: Record<string, string> = {};
  const xhr = {
    upload: {} as { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void },
    withCredentials: false,
    responseText: '',
    open: vi.fn(),
    setRequestHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    send: vi.fn(),
  };
  return { xhr, headers, asXhr: xhr as unknown as XMLHttpRequest };
}

afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('sendMultipart', () => {
  it('posts the fields and then the file with credentials, language and the anti-forgery header', () => {
    document.cookie = 'XSRF-TOKEN=abc123';
    const { xhr, headers, asXhr } = fakeXhr();
    sendMultipart(asXhr, { path: '/api/file/upload', file: new File(['x'], 'photo.png'), fields: { kind: 'avatar' } });
    expect(xhr.open).toHaveBeenCalledWith('POST', '/api/file/upload');
    expect(xhr.withCredentials).toBe(true);
    expect(headers).toMatchObject({ Accept: 'application/json', [XSRF_HEADER]: 'abc123' });
    expect(headers['Accept-Language']).toBeTruthy();
    const form = xhr.send.mock.calls[0]?.[0] as FormData;
    expect([...form.keys()]).toEqual(['kind', 'file']);
    expect((form.get('file') as File).name).toBe('photo.png');
  });

  it('names a nameless blob `file` and reports progress in whole percent', () => {
    const onProgress = vi.fn();
    const { xhr, asXhr } = fakeXhr();
    sendMultipart(asXhr, { path: '/api/x', file: new Blob(['x']), onProgress });
    expect(((xhr.send.mock.calls[0]?.[0] as FormData).get('file') as File).name).toBe('file');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 3 });
    expect(onProgress).toHaveBeenCalledWith(33);
  });
});

describe('jsonBody', () => {
  it('reads a JSON answer and gives undefined for anything else', () => {
    const { xhr, asXhr } = fakeXhr();
    xhr.responseText = '{"data":1}';
    expect(jsonBody(asXhr)).toEqual({ data: 1 });
    xhr.responseText = '<html>';
    expect(jsonBody(asXhr)).toBeUndefined();
  });
});
