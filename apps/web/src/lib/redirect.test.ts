import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './redirect.ts';

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/user/list?page=2&sort[name]=asc', '/user/list?page=2&sort[name]=asc'],
    ['/kb/articles/release-notes#latest', '/kb/articles/release-notes#latest'],
    ['/a/../dashboard', '/dashboard'],
  ])('accepts the same-origin path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    '//evil.example',
    '//evil.example/dashboard',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/dashboard',
    'javascript:alert(1)',
    '/\tevil',
    ' /dashboard',
    'http:/dashboard',
  ])('refuses %s', (input) => {
    expect(safeRedirectPath(input)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('carries the path as an encoded redirect_uri', () => {
    expect(loginPathFor('/user/list?page=2')).toBe('/login?redirect_uri=%2Fuser%2Flist%3Fpage%3D2');
  });
});
