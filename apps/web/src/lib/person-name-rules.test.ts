import { NAME_MAX_LENGTH } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { personNameRules } from './person-name-rules.ts';

describe('personNameRules', () => {
  const [required, alpha, max] = personNameRules({ required: 'Required', alpha: 'Letters only' }) as [
    { required: boolean; whitespace: boolean; message: string },
    { validator: (rule: unknown, value: unknown) => Promise<void> },
    { max: number },
  ];
  const lettersOnly = (value: string) =>
    alpha.validator({}, value).then(
      () => 'ok',
      (error: Error) => error.message,
    );

  it('asks for a name that is not blank, in the caller’s words', () => {
    expect(required).toEqual({ required: true, whitespace: true, message: 'Required' });
  });

  it('takes letters, spaces, hyphens and apostrophes only', async () => {
    expect(await lettersOnly("Anne-Marie O'Neil")).toBe('ok');
    expect(await lettersOnly('  Anne ')).toBe('ok');
    expect(await lettersOnly('R2D2')).toBe('Letters only');
  });

  it('leaves a name of spaces to the required rule, so only one message shows', async () => {
    expect(await lettersOnly('   ')).toBe('ok');
  });

  it('stops at the longest name the server keeps', () => {
    expect(max).toEqual({ max: NAME_MAX_LENGTH });
  });
});
