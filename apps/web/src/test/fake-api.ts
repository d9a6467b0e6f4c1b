/**
 * A page test's server: answers the calls it is given, by contract key, with the contract's types, so
 * a change to a call's contract breaks the tests that fake it. Every request is recorded; a call the
 * test did not expect answers 501, which the page shows as an error and the test can see.
 */
import { splitEndpointKey, type ApiInput, type ApiKey, type ApiOutput } from '@vigil/contracts';
import { parse } from 'qs';
import { vi } from 'vitest';

/** An answer with a success message (the client toasts it). */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

/** An error answer (the client shows its message unless the call is silent, and rejects with an HttpError). */
export class Failure {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
    /** What the error carries, e.g. the fields' messages of a 422. */
    readonly data?: unknown,
  ) {}
}

type Received<K extends ApiKey> = { [P in keyof ApiInput<K>]-?: Exclude<ApiInput<K>[P], undefined> };
export type FakeHandlers = { [K in ApiKey]?: (input: Received<K>) => ApiOutput<K> | Reply<ApiOutput<K>> | Failure };

export interface FakeCall {
  key: ApiKey;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/** Stubs `fetch` with the handlers; answers the calls made, in order. Undo with `vi.unstubAllGlobals()`. */
export function fakeApi(handlers: FakeHandlers): FakeCall[] {
  const routes = (Object.keys(handlers) as ApiKey[]).map((key) => {
    const { method, path } = splitEndpointKey(key);
    const names: string[] = [];
    const pattern = new RegExp(`^${path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
    return { key, method, pattern, names };
  });
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const [pathname = '', search = ''] = String(input).split('?');
      const method = init?.method ?? 'GET';
      for (const route of routes) {
        const match = route.method === method ? route.pattern.exec(pathname) : null;
        if (!match) continue;
        const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(match[index + 1])]));
        const call = {
          key: route.key,
          params,
          query: parse(search),
          body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
        };
        calls.push(call);
        const answer = (handlers[route.key] as (input: unknown) => unknown)(call);
        if (answer instanceof Failure) return json({ code: answer.code, message: answer.message, data: answer.data }, answer.status);
        return json(answer instanceof Reply ? { data: answer.data, message: answer.message } : { data: answer });
      }
      return json({ code: 'TEST_UNEXPECTED_CALL', message: `${method} ${pathname} is not faked` }, 501);
    }),
  );
  return calls;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
