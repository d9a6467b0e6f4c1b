import * as contracts from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import type { RouteRecord } from './guard.ts';

/** Every call some module declares in @vigil/contracts (its `…Endpoints` maps), as `METHOD path`. */
function declaredCalls(): Set<string> {
  const maps = Object.entries(contracts).filter(
    ([name, value]) => name.endsWith('Endpoints') && typeof value === 'object' && value !== null,
  );
  return new Set(maps.flatMap(([, map]) => Object.keys(map as object)));
}

interface ServedCall {
  call: string;
  /** The contract key the kit mounted the route from, if it did. */
  endpoint: string | undefined;
}

/** The API's routes (and the stored files'), each method apart, without the HEAD Fastify adds to each GET. */
function servedCalls(routes: readonly RouteRecord[]): ServedCall[] {
  // The API reference serves the contracts themselves; it is not a call of any module.
  const isReference = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');
  return routes
    .filter((route) => (route.url.startsWith('/api/') || route.url.startsWith('/storage/')) && !isReference(route.url))
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ call: `${method} ${route.url}`, endpoint: route.endpoint })),
    );
}

/** Calls not mounted by the kit from the contract that declares them. */
const notFromTheKit = (served: ServedCall[], declared: Set<string>) =>
  served.filter(({ call, endpoint }) => endpoint !== call || !declared.has(call)).map(({ call }) => call);

describe('the module kit covers the whole API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('mounts every route from a contract with the kit', () => {
    const served = servedCalls(t.routes);
    expect(served.map(({ call }) => call)).toEqual(
      expect.arrayContaining(['POST /api/login', 'GET /api/user/group/list', 'POST /api/file/upload', 'GET /storage/:workspaceId/:name']),
    );
    expect(notFromTheKit(served, declaredCalls())).toEqual([]);
  });

  it('serves every call the contracts declare, once', () => {
    const served = servedCalls(t.routes).map(({ call }) => call);
    expect([...declaredCalls()].filter((call) => !served.includes(call))).toEqual([]);
    expect(served.filter((call, index) => served.indexOf(call) !== index)).toEqual([]);
  });

  it('would notice a route mounted by hand, declared or not', () => {
    const byHand: RouteRecord[] = [
      { method: 'GET', url: '/api/by-hand', guard: undefined },
      { method: 'GET', url: '/api/user/group/list', guard: undefined },
    ];
    expect(notFromTheKit(servedCalls(byHand), declaredCalls())).toEqual(['GET /api/by-hand', 'GET /api/user/group/list']);
  });
});
