import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePrefersReducedMotion } from './reduced-motion.ts';
import { setScreenWide } from '../test/screen-width.ts';

/** A system setting for reduced motion that the test can change while the page is open. */
function systemMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  let matches = reduce;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && matches;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    change(reduceNow: boolean) {
      matches = reduceNow;
      for (const listener of listeners) listener();
    },
  };
}

describe('usePrefersReducedMotion', () => {
  afterEach(() => setScreenWide(false));

  it('reads the system setting and follows it when it changes', () => {
    const setting = systemMotionSetting(false);
    const { result } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(false);
    act(() => setting.change(true));
    expect(result.current).toBe(true);
    act(() => setting.change(false));
    expect(result.current).toBe(false);
  });

  it('is true from the start when the system already asks for less motion', () => {
    systemMotionSetting(true);
    expect(renderHook(() => usePrefersReducedMotion()).result.current).toBe(true);
  });
});
