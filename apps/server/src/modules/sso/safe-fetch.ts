/**
 * Fetches a document from a URL an administrator typed in (IdP metadata, CAS ticket
 * validation): http(s) only, every redirect re-checked, a time limit and a size cap.
 * Private addresses are allowed on purpose: identity providers often run on the
 * organisation's own network (docs/sso.md, "Outbound requests").
 */
export interface SafeFetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_LIMITS: SafeFetchLimits = { timeoutMs: 5_000, maxBytes: 1024 * 1024, maxRedirects: 3 };

export class FetchRefused extends Error {
  constructor(readonly reason: 'scheme' | 'status' | 'too_large' | 'timeout' | 'network' | 'redirects') {
    super(`fetch refused: ${reason}`);
  }
}

function checkedUrl(value: string | URL): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FetchRefused('scheme');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('scheme');
  if (url.username || url.password) throw new FetchRefused('scheme');
  return url;
}

export async function safeFetchText(target: string, limits: SafeFetchLimits = DEFAULT_FETCH_LIMITS): Promise<string> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = checkedUrl(target);
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' } });
      if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
        await response.body?.cancel();
        if (hop >= limits.maxRedirects) throw new FetchRefused('redirects');
        url = checkedUrl(new URL(response.headers.get('location')!, url));
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new FetchRefused('status');
      }
      return await readCapped(response, limits.maxBytes);
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    throw new FetchRefused(signal.aborted ? 'timeout' : 'network');
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new FetchRefused('too_large');
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new FetchRefused('too_large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
