import { describe, expect, it } from 'vitest';
import { readableTextOn } from './readable-text.ts';

describe('readableTextOn', () => {
  it('writes white on dark colours and dark text on light ones', () => {
    expect(readableTextOn('#0e700e')).toBe('#fff');
    expect(readableTextOn('#c50f1f')).toBe('#fff');
    expect(readableTextOn('#000')).toBe('#fff');
    expect(readableTextOn('#389e0d')).toBe('rgba(0, 0, 0, 0.88)');
    expect(readableTextOn('#FFFF00')).toBe('rgba(0, 0, 0, 0.88)');
    expect(readableTextOn('#fff')).toBe('rgba(0, 0, 0, 0.88)');
  });

  it('falls back to white for a value that is not a hex colour', () => {
    expect(readableTextOn('green')).toBe('#fff');
  });
});
