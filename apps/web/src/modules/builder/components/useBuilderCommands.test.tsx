import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scrollToItem } from './useBuilderCommands.tsx';

describe('scrollToItem', () => {
  beforeEach(() => {
    // jsdom does not lay out, so it has no scrollIntoView, and it has no CSS namespace (the ids here need no escaping).
    Element.prototype.scrollIntoView = () => {};
    globalThis.CSS ??= { escape: (value: string) => value } as typeof CSS;
    document.body.innerHTML = `
      <input id="header-title" />
      <button id="add-type">Add</button>
      <ul><li data-item-id="q1"><input data-title id="q1-title" /></li></ul>`;
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('focuses the revealed item title when the user is not typing anywhere', () => {
    document.getElementById('add-type')!.focus();
    scrollToItem('q1');
    expect(document.activeElement?.id).toBe('q1-title');
  });

  it('leaves the focus in the field the user is typing in', () => {
    document.getElementById('header-title')!.focus();
    scrollToItem('q1');
    expect(document.activeElement?.id).toBe('header-title');
  });
});
