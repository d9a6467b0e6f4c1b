import { NAME_MAX_LENGTH } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { personNameRules } from './person-name-rules.ts';

describe('personNameRules', () => {
  const [required, alpha, max] = personNameRules({ required: 'Required', alpha: 'Letters only' }) as [
    { required: boolean; whitespace: boolean; message: string },
    { pattern: RegExp; message: string },
    { max: number },
  ];

  it('asks for a name that is not blank, in the caller’s words', () => {
    expect(required).toEqual({ required: true, whitespace: true, message: 'Required' });
  });

  it('takes letters, spaces, hyphens and apostrophes only', () => {
    expect(alpha.message).toBe('Letters only');
    expect(alpha.pattern.test("Anne-Marie O'Neil")).toBe(true);
    expect(alpha.pattern.test('R2D2')).toBe(false);
  });

  it('stops at the longest name the server keeps', () => {
    expect(max).toEqual({ max: NAME_MAX_LENGTH });
  });
});
