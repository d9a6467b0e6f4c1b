import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setScreenWide } from './screen-width.ts';

// The first render of a lazy route loads its module; give it time on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// antd reads media queries and element sizes, which jsdom does not provide. No breakpoint matches: a phone.
setScreenWide(false);

// antd's table and segmented control observe their size.
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = NoopResizeObserver;

// jsdom logs "not implemented" for pseudo-element styles, which antd asks for.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
