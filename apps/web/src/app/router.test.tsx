import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import type { AppRoute } from './route-types.ts';
import { createAppRouter, type AppRouter } from './router.tsx';

const Screen = () => null;

/** A route whose code and prefetch say when they were asked for, in one shared list of events. */
function recordingRoute(id: string, path: string, events: string[], options: Partial<AppRoute> = {}): AppRoute {
  return {
    id,
    path,
    layout: 'blank',
    open: true,
    lazy: async () => {
      events.push(`${id}: code asked`);
      return { Component: Screen };
    },
    ...options,
  };
}

let router: AppRouter | undefined;
// A signed-in screen's code comes with the whole catalogue, which needs i18next started.
beforeAll(() => initI18n('en'));
afterEach(() => router?.dispose());

describe('the app router', () => {
  it("asks for a route's data with its params before its code, on the first load and on every navigation to it", async () => {
    const events: string[] = [];
    const thing = recordingRoute('thing', '/things/:id', events, {
      prefetch: ({ id }) => void events.push(`thing: prefetch ${id}`),
    });
    window.history.replaceState(null, '', '/things/a1');
    router = createAppRouter([thing, recordingRoute('other', '/other', events)]);
    await expect.poll(() => router?.state.initialized).toBe(true);
    expect(events).toEqual(['thing: prefetch a1', 'thing: code asked']);

    await router.navigate('/other');
    await router.navigate('/things/b2');
    expect(events.slice(2)).toEqual(['other: code asked', 'thing: prefetch b2']);
  });

  it('asks for the code of a route without a prefetch in the same task', () => {
    const events: string[] = [];
    window.history.replaceState(null, '', '/plain');
    router = createAppRouter([recordingRoute('plain', '/plain', events)]);
    expect(events).toEqual(['plain: code asked']);
  });
});
