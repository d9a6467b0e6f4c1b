import { describe, expect, it } from 'vitest';
import { buildContext } from '../context.ts';
import { buildDocument } from '../fixtures/build.ts';
import { setCalculation } from '../operations/rule-sets.ts';
import { checkExpression, compileExpression, roundTo } from './expression.ts';
import { checkNumberBounds, checkNumberText, checkTextLength, isValidUrl, numberBounds, toNumber, unitOf } from './numbers.ts';
import { validateCalculationItem, validateConstantItem, validateDocumentIdItem } from './validate.ts';

describe('calculation expressions', () => {
  it('evaluates arithmetic over variables', () => {
    const compiled = compileExpression('(a + b) * 2 - c / 4 + a ^ 2 + mod(b, 3) + abs(-1) + round(1.26, 1) + max(a, b) + min(a, b)')!;
    expect(compiled.variables).toEqual(['a', 'b', 'c']);
    expect(compiled.evaluate({ a: 1, b: 2, c: 8 })).toBeCloseTo((1 + 2) * 2 - 2 + 1 + 2 + 1 + 1.3 + 2 + 1);
    expect(compileExpression('floor(a) + ceil(a) + sqrt(b) + pow(a, 2) + a % 2')!.evaluate({ a: 1.5, b: 16 })).toBeCloseTo(
      1 + 2 + 4 + 2.25 + 1.5,
    );
  });

  it('gives null for a missing variable or a result that is not finite', () => {
    const compiled = compileExpression('a / b')!;
    expect(compiled.evaluate({ a: 1, b: null })).toBeNull();
    expect(compiled.evaluate({ a: 1 })).toBeNull();
    expect(compiled.evaluate({ a: 1, b: 0 })).toBeNull();
    expect(compileExpression('sqrt(a)')!.evaluate({ a: -1 })).toBeNull();
  });

  it.each([
    ['', 'CKL_EQUATION_INVALID'],
    ['a.constructor', 'CKL_EQUATION_INVALID'],
    ['a["constructor"]', 'CKL_EQUATION_INVALID'],
    ['x = 5', 'CKL_EQUATION_INVALID'],
    ['f(x) = x', 'CKL_EQUATION_INVALID'],
    ['import({}, {})', 'CKL_EQUATION_INVALID'],
    ['evaluate("1+1")', 'CKL_EQUATION_INVALID'],
    ['parse("1")', 'CKL_EQUATION_INVALID'],
    ['createUnit("foo")', 'CKL_EQUATION_INVALID'],
    ['[1, 2]', 'CKL_EQUATION_INVALID'],
    ['{a: 1}', 'CKL_EQUATION_INVALID'],
    ['a > 1 ? 1 : 0', 'CKL_EQUATION_INVALID'],
    ['1:3', 'CKL_EQUATION_INVALID'],
    ['a; b', 'CKL_EQUATION_INVALID'],
    ['"text"', 'CKL_EQUATION_INVALID'],
    ['a == b', 'CKL_EQUATION_INVALID'],
    ['a!', 'CKL_EQUATION_INVALID'],
    ['1'.repeat(1001), 'CKL_EQUATION_INVALID'],
  ])('refuses %s', (expression, code) => {
    expect(checkExpression(expression, ['a', 'b'])).toMatchObject({ ok: false, code });
    expect(compileExpression(expression)).toBeNull();
  });

  it.each([
    ['1 +', '3'],
    ['a + * 2', '5'],
    ['(a + b', '6'],
  ])('says where %s stops making sense', (expression, position) => {
    expect(checkExpression(expression, ['a', 'b'])).toEqual({ ok: false, code: 'CKL_EQUATION_INVALID_AT', params: { position } });
    expect(compileExpression(expression)).toBeNull();
  });

  it('names an unknown variable', () => {
    expect(checkExpression('a + speed', ['a'])).toEqual({ ok: false, code: 'CKL_VARIABLE_UNKNOWN', params: { var: 'speed' } });
    expect(checkExpression('5 cm', ['a'])).toEqual({ ok: false, code: 'CKL_VARIABLE_UNKNOWN', params: { var: 'cm' } });
    expect(checkExpression('pi * a', ['a'])).toMatchObject({ code: 'CKL_VARIABLE_UNKNOWN', params: { var: 'pi' } });
    expect(checkExpression('a * 2', ['a'])).toEqual({ ok: true, variables: ['a'] });
  });

  it('rounds to decimals', () => {
    expect(roundTo(1.2345, 2)).toBe(1.23);
    expect(roundTo(1.2345, null)).toBe(1.2345);
  });
});

describe('number messages', () => {
  it.each([
    ['12', null, { ok: true, value: 12 }],
    ['-1.5', 1, { ok: true, value: -1.5 }],
    ['1.555', 2, { ok: false, code: 'CKL_DECIMAL_DIGITS', params: { num: 2 } }],
    ['1e3', null, { ok: false, code: 'CKL_PLAIN_NUMBER', params: {} }],
    ['1,5', null, { ok: false, code: 'CKL_PLAIN_NUMBER', params: {} }],
    ['abc', null, { ok: false, code: 'CKL_PLAIN_NUMBER', params: {} }],
    ['', null, { ok: false, code: 'CKL_PLAIN_NUMBER', params: {} }],
  ] as const)('checkNumberText(%s, %s)', (text, decimal, expected) => {
    expect(checkNumberText(text, decimal)).toEqual(expected);
  });

  it('uses min and max as bounds only when greater than 0', () => {
    expect(numberBounds({ options: { min: 0, max: 10 } })).toEqual({ min: null, max: 10 });
    expect(numberBounds({ options: { min: '2', max: -1 } })).toEqual({ min: 2, max: null });
    expect(checkNumberBounds(11, { min: 1, max: 10 })).toEqual({ ok: false, code: 'CKL_BETWEEN', params: { min: 1, max: 10 } });
    expect(checkNumberBounds(0, { min: 1, max: null })).toEqual({ ok: false, code: 'CKL_MORE_THAN', params: { min: 1 } });
    expect(checkNumberBounds(11, { min: null, max: 10 })).toEqual({ ok: false, code: 'CKL_LESS_THAN', params: { max: 10 } });
    expect(checkNumberBounds(5, { min: 1, max: 10 })).toEqual({ ok: true, value: 5 });
  });

  it('checks text length', () => {
    const item = { options: { min_length: '2', max_length: '4' } };
    expect(checkTextLength('abc', item)).toEqual({ ok: true, value: 3 });
    expect(checkTextLength('a', item)).toEqual({ ok: false, code: 'CKL_LENGTH_BETWEEN', params: { min: 2, max: 4 } });
    expect(checkTextLength('abcde', item).ok).toBe(false);
    expect(checkTextLength('abcdefgh', { options: {} }).ok).toBe(true);
  });

  it('reads numbers, URLs and units', () => {
    expect(toNumber('3.5')).toBe(3.5);
    expect(toNumber('')).toBeNull();
    expect(toNumber(Number.NaN)).toBeNull();
    expect(toNumber({})).toBeNull();
    expect(isValidUrl('https://example.org/a?b=1')).toBe(true);
    expect(isValidUrl('javascript:alert(1)')).toBe(false);
    expect(isValidUrl('example.org')).toBe(false);
    const units = [{ uuid: 'u1', name: 'Widgets', symbol: 'wg' }];
    expect(unitOf({ options: { custom_unit_id: 'u1' } }, units)).toBe('wg');
    expect(unitOf({ options: { custom_unit_id: 'missing' } }, units)).toBeNull();
    expect(unitOf({ options: { custom_unit: 'pcs' } }, units)).toBe('pcs');
    expect(unitOf({ options: { units: ['kg', 'g'] } }, units)).toBe('kg');
    expect(unitOf({ options: {} }, units)).toBeNull();
  });
});

describe('calculation, constant and document id items', () => {
  const doc = buildDocument([
    {
      id: 'start',
      type: 'start_page',
      children: [
        { id: 'loc', type: 'inspection_location' },
        {
          id: 'docid',
          type: 'document_id',
          options: {
            format: '#{number}-{loc}',
            items: [
              { key: 'number', type: 'unique' },
              { key: 'loc', type: 'item', item_id: 'loc' },
            ],
          },
        },
      ],
    },
    {
      id: 'p1',
      type: 'page',
      children: [
        { id: 'n1', type: 'number' },
        { id: 'k1', type: 'constant', options: { default_value: '2.5' } },
        { id: 'txt', type: 'textAnswer' },
        {
          id: 'calc',
          type: 'calculation',
          options: {
            calculations: {
              value: 'a * k',
              items: [
                { key: 'a', item_id: 'n1' },
                { key: 'k', item_id: 'k1' },
              ],
            },
          },
        },
        { id: 'n2', type: 'number' },
      ],
    },
  ]);
  const context = buildContext(doc);
  const calcItem = (value: string, items: { key: string; item_id: string }[]) => ({
    ...doc.items.find((item) => item.id === 'calc')!,
    options: { calculations: { value, items } },
  });
  const codes = (value: string, items: { key: string; item_id: string }[]) =>
    validateCalculationItem(context, calcItem(value, items), 'items.5').map((entry) => entry.code);

  it('accepts a formula over earlier numeric items and constants', () => {
    expect(
      codes('a * k', [
        { key: 'a', item_id: 'n1' },
        { key: 'k', item_id: 'k1' },
      ]),
    ).toEqual([]);
  });

  it.each([
    ['', [], 'CKL_FIELD_REQUIRED'],
    ['a +', [{ key: 'a', item_id: 'n1' }], 'CKL_EQUATION_INVALID_AT'],
    ['a + b', [{ key: 'a', item_id: 'n1' }], 'CKL_VARIABLE_UNKNOWN'],
    ['t', [{ key: 't', item_id: 'txt' }], 'CKL_CALCULATION_NOT_NUMERIC'],
    ['x', [{ key: 'x', item_id: 'n2' }], 'CKL_RULE_DEPENDENCY_NOT_EARLIER'],
    ['x', [{ key: 'x', item_id: 'calc' }], 'CKL_CALCULATION_CYCLE'],
    ['x', [{ key: 'x', item_id: 'gone' }], 'CKL_REFERENCE_MISSING'],
    ['1', [{ key: '1x', item_id: 'n1' }], 'CKL_EQUATION_INVALID'],
    [
      'a',
      [
        { key: 'a', item_id: 'n1' },
        { key: 'a', item_id: 'k1' },
      ],
      'CKL_EQUATION_INVALID',
    ],
  ] as const)('%s with %j gives %s', (value, items, code) => {
    expect(codes(value, [...items])).toContain(code);
  });

  it('names the unknown variable in the message', () => {
    const [entry] = validateCalculationItem(context, calcItem('a + b', [{ key: 'a', item_id: 'n1' }]), 'items.5');
    expect(entry.message).toBe('Variable b unknown');
  });

  it('checks constants as plain numbers within decimals', () => {
    const constant = doc.items.find((item) => item.id === 'k1')!;
    expect(validateConstantItem(constant, 'x')).toEqual([]);
    expect(validateConstantItem({ ...constant, options: { default_value: '2,5' } }, 'x')[0].message).toBe('Only a plain number is allowed');
    expect(validateConstantItem({ ...constant, options: { default_value: '2.555', decimal: 1 } }, 'x')[0].message).toBe(
      'Only 1 digits after the decimal point are allowed',
    );
  });

  it('checks document id parts', () => {
    const docId = doc.items.find((item) => item.id === 'docid')!;
    expect(validateDocumentIdItem(context, docId, 'x')).toEqual([]);
    const later = { ...docId, options: { ...docId.options, items: [{ key: 'n', type: 'item' as const, item_id: 'n1' }] } };
    expect(validateDocumentIdItem(context, later, 'x').map((entry) => entry.code)).toEqual(['CKL_RULE_DEPENDENCY_NOT_EARLIER']);
    const missing = { ...docId, options: { ...docId.options, items: [{ key: 'n', type: 'item' as const, item_id: null }] } };
    expect(validateDocumentIdItem(context, missing, 'x').map((entry) => entry.code)).toEqual(['CKL_REFERENCE_MISSING']);
  });

  it('setCalculation saves a valid formula and refuses an invalid one', () => {
    const ok = setCalculation(doc, 'calc', { value: 'a + 1', items: [{ key: 'a', item_id: 'n1' }] });
    expect(ok.ok).toBe(true);
    expect(ok.ok && ok.value.relations.calc.inside).toEqual([
      { item_id: 'n1', calculation: true, document_id: false, rule_set_behaviour: null },
    ]);
    expect(setCalculation(doc, 'calc', { value: 'a + z', items: [{ key: 'a', item_id: 'n1' }] })).toMatchObject({
      ok: false,
      code: 'CKL_VARIABLE_UNKNOWN',
      message: 'Variable z unknown',
    });
    expect(setCalculation(doc, 'n1', { value: '1', items: [] })).toMatchObject({ ok: false, code: 'CKL_OPTION_INVALID' });
  });
});
