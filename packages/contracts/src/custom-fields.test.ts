import { describe, expect, it } from 'vitest';
import { adjustDecimalConfig, checkCustomValue, checkCustomValues, CustomFieldSchema, DecimalConfigSchema } from './custom-fields.ts';

const field = (field_type: string, extra: Record<string, unknown> = {}) =>
  CustomFieldSchema.parse({ key: 'k', name: 'Field', field_type, ...extra });

describe('decimal config (spec 3 §5)', () => {
  it.each([
    [{ max_digits: 1, decimals: 0 }, true],
    [{ max_digits: 16, decimals: 9 }, true],
    [{ max_digits: 0, decimals: 0 }, false],
    [{ max_digits: 17, decimals: 0 }, false],
    [{ max_digits: 5, decimals: 10 }, false],
    [{ max_digits: 4, decimals: 4 }, false],
    [{ max_digits: 4, decimals: -1 }, false],
  ])('%o valid: %s', (config, valid) => {
    expect(DecimalConfigSchema.safeParse(config).success).toBe(valid);
  });

  it('resets decimals to 0 when they reach max digits', () => {
    expect(adjustDecimalConfig({ max_digits: 3, decimals: 3 })).toEqual({ max_digits: 3, decimals: 0 });
    expect(adjustDecimalConfig({ max_digits: 5, decimals: 2 })).toEqual({ max_digits: 5, decimals: 2 });
  });
});

describe('custom values', () => {
  it.each([
    ['text', 'hello', null],
    ['text', 'x'.repeat(256), 'validation.too_long'],
    ['textarea', 'x'.repeat(2000), null],
    ['email', 'a@b.co', null],
    ['email', 'nope', 'validation.email'],
    ['phone', '+49 30 1234-56', null],
    ['phone', 'call me', 'validation.invalid_type'],
    ['integer', '42', null],
    ['integer', -7, null],
    ['integer', '4.2', 'validation.invalid_type'],
    ['text', { nested: true }, 'validation.invalid_type'],
  ])('%s %o -> %s', (type, value, problem) => {
    expect(checkCustomValue(field(type), value)?.key ?? null).toBe(problem);
  });

  it('checks decimal digits and places against the config', () => {
    const decimal = field('decimal', { config: { max_digits: 5, decimals: 2 } });
    expect(checkCustomValue(decimal, '123.45')).toBeNull();
    expect(checkCustomValue(decimal, '12.345')).toEqual({ key: 'validation.decimals', params: { count: 2 } });
    expect(checkCustomValue(decimal, '1234.5')).toEqual({ key: 'validation.digits', params: { count: 5 } });
    expect(checkCustomValue(decimal, 'abc')?.key).toBe('validation.invalid_type');
  });

  it('requires required fields, skips unused ones and refuses unknown keys', () => {
    const definitions = [
      field('text', { key: 'name', is_required: true }),
      field('integer', { key: 'old', is_required: true, is_used: false }),
    ];
    expect(checkCustomValues(definitions, { name: { value: '  ' }, intruder: { value: 1 } })).toEqual({
      'fields.name.value': { key: 'validation.required' },
      'fields.intruder': { key: 'validation.invalid_type' },
    });
    expect(checkCustomValues(definitions, { name: { value: 'ok' } })).toEqual({});
  });
});
