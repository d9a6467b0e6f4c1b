import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { handZip, minimalXlsx, sheetXml } from '../../test/zip.ts';
import { readSheet, SpreadsheetError, type SheetLimits } from './index.ts';

const limits: SheetLimits = { maxRows: 100, maxColumns: 5, maxSheetBytes: 1024 * 1024 };

async function refusal(buffer: Buffer, given: SheetLimits = limits): Promise<string> {
  const error = await readSheet(buffer, given).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SpreadsheetError);
  return (error as SpreadsheetError).reason;
}

/** Rows that are not XML at all: reading them would answer `unreadable`, so a reader that stops before them answers something else. */
const GARBAGE = '<row r="99999"><c><v>\u0000</v></c>';

describe('xlsx', () => {
  it('reads the first sheet as ExcelJS wrote it: shared, rich and inline strings, numbers, booleans, formula results, row gaps', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('First');
    sheet.addRow(['title', 'type']);
    sheet.addRow(['Q1 & <x>', 12.5, true, '  padded  ']);
    sheet.getCell('A4').value = { richText: [{ text: 'rich ' }, { text: 'text' }] };
    sheet.getCell('B4').value = { formula: 'A1&"x"', result: 'titlex' };
    sheet.getCell('H4').value = 'past the columns asked for';
    workbook.addWorksheet('Second').addRow(['not read']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await readSheet(buffer, limits)).toEqual([
      ['title', 'type'],
      ['Q1 & <x>', '12.5', 'true', 'padded'],
      [],
      ['rich text', 'titlex'],
    ]);
  });

  it('reads shared strings stored after the sheet (as Excel orders them) and skips phonetic runs', async () => {
    const sheet = '<worksheet><sheetData><row r="1"><c r="B1" t="s"><v>1</v></c><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>';
    const strings = '<sst><si><t>first</t></si><si><r><t>se</t></r><r><t>cond</t></r><rPh><t>ignored</t></rPh></si></sst>';
    expect(await readSheet(minimalXlsx(sheet, [{ name: 'xl/sharedStrings.xml', content: strings }]), limits)).toEqual([
      ['first', 'second'],
    ]);
  });

  it('stops at the first row past the limit without reading the rest of the sheet', async () => {
    const rows = Array.from({ length: 101 }, (_, i) => [`row ${i + 1}`]);
    const more = Array.from({ length: 5000 }, () => ['more']);
    expect(await refusal(minimalXlsx(sheetXml([...rows, ...more], GARBAGE)))).toBe('too_many_rows');
    expect(await readSheet(minimalXlsx(sheetXml(rows.slice(0, 100))), limits)).toHaveLength(100);
  });

  it('refuses a row numbered past the limit at once, and keeps no cell past the last column', async () => {
    const far =
      '<row r="1"><c r="XFD1" t="inlineStr"><is><t>far</t></is></c><c r="A1"><v>1</v></c></row><row r="1048576"><c r="A1048576"><v>1</v></c></row>';
    expect(await refusal(minimalXlsx(`<worksheet><sheetData>${far}</sheetData></worksheet>`))).toBe('too_many_rows');
  });

  const many = { ...limits, maxRows: 1_000_000 };
  const manyRows = Array.from({ length: 30_000 }, (_, i) => [`row ${i + 1}`]);

  it('counts what the sheet unpacks to, whatever the archive declares, and stops past the cap', async () => {
    const sheet = sheetXml(manyRows, GARBAGE);
    expect(sheet.length).toBeGreaterThan(limits.maxSheetBytes);
    expect(await refusal(minimalXlsx(sheet, [], { declaredSize: 1000 }), many)).toBe('too_large');
    expect(await refusal(minimalXlsx(sheet, [], { stored: true, declaredSize: 1000 }), many)).toBe('too_large');
    expect(await readSheet(minimalXlsx(sheetXml(manyRows.slice(0, 10_000))), many)).toHaveLength(10_000);
  });

  it('caps the shared strings the same way, reading them only as far as the rows need', async () => {
    const strings = `<sst>${manyRows.map(([text]) => `<si><t>${text} of the shared strings</t></si>`).join('')}${GARBAGE}</sst>`;
    expect(strings.length).toBeGreaterThan(limits.maxSheetBytes);
    const extra = [{ name: 'xl/sharedStrings.xml', content: strings, declaredSize: 10 }];
    const cell = (index: number) => `<worksheet><sheetData><row r="1"><c t="s"><v>${index}</v></c></row></sheetData></worksheet>`;
    expect(await refusal(minimalXlsx(cell(29_999), extra), many)).toBe('too_large');
    expect(await readSheet(minimalXlsx(cell(2), extra), many)).toEqual([['row 3 of the shared strings']]);
  });

  it('fills shared strings in among other cells, and drops a row whose only strings are empty', async () => {
    const sheet =
      '<worksheet><sheetData><row r="1"><c r="C1"><v>7</v></c><c r="A1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>0</v></c></row><row r="3"><c r="B3" t="s"><v>1</v></c></row></sheetData></worksheet>';
    const strings = '<sst><si><t>  </t></si><si><t>pump</t></si></sst>';
    expect(await readSheet(minimalXlsx(sheet, [{ name: 'xl/sharedStrings.xml', content: strings }]), limits)).toEqual([
      ['pump', '', '7'],
      [],
      ['', 'pump'],
    ]);
  });

  it('refuses a cell longer than any spreadsheet holds before parsing it', async () => {
    expect(await refusal(minimalXlsx(sheetXml([['x'.repeat(300 * 1024)]])))).toBe('too_large');
    expect(await readSheet(minimalXlsx(sheetXml([['x'.repeat(32_767)]])), limits)).toEqual([['x'.repeat(32_767)]]);
  });

  const endlessCell = Buffer.concat([
    Buffer.from('<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>'),
    Buffer.alloc(200 * 1024 * 1024, 'z'),
  ]);

  it.each([
    ['declares its size', undefined],
    ['lies about its size', 1000],
  ])(
    'refuses in well under a second a zip bomb of one endless cell that %s: under 1 MB unpacking to 200 MB',
    async (_title, declaredSize) => {
      const bomb = minimalXlsx(endlessCell, [], { declaredSize });
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const started = performance.now();
      expect(await refusal(bomb)).toBe('too_large');
      expect(performance.now() - started).toBeLessThan(1000);
    },
  );

  it('refuses a zip bomb of endless cells in one row at the cap, letting the event loop turn meanwhile', async () => {
    const cells = Buffer.concat([
      Buffer.from('<worksheet><sheetData><row r="1">'),
      Buffer.alloc(200 * 1024 * 1024, '<c r="ZZ1"><v>1</v></c>'),
    ]);
    const bomb = minimalXlsx(cells, [], { declaredSize: 1000 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    let turns = 0;
    const timer = setInterval(() => (turns += 1), 1);
    try {
      expect(await refusal(bomb)).toBe('too_large');
    } finally {
      clearInterval(timer);
    }
    expect(turns).toBeGreaterThan(10);
  });

  it.each([
    [
      'a document type (entity expansion)',
      minimalXlsx(
        '<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>&a;</t></is></c></row></sheetData></worksheet>',
      ),
    ],
    ['broken XML', minimalXlsx('<worksheet><sheetData><row r="1"><c><v>1</c></row>')],
    [
      'rows out of order',
      minimalXlsx('<worksheet><sheetData><row r="2"><c><v>1</v></c></row><row r="1"><c><v>1</v></c></row></sheetData></worksheet>'),
    ],
    ['no sheet', handZip([{ name: 'hello.txt', content: 'hi' }])],
    ['a truncated archive', minimalXlsx(sheetXml([['a']])).subarray(0, 200)],
  ])('refuses %s as unreadable', async (_title, buffer) => {
    expect(await refusal(buffer)).toBe('unreadable');
  });

  it('refuses an archive of more than 500 entries before unpacking any', async () => {
    const entries = Array.from({ length: 501 }, (_, i) => ({ name: `xl/media/${i}.bin`, content: 'x' }));
    expect(await refusal(minimalXlsx(sheetXml([['a']]), entries))).toBe('too_large');
  });
});

describe('csv', () => {
  it('reads comma and semicolon files, with a BOM, quotes and trimmed cells', async () => {
    expect(await readSheet(Buffer.from('\ufefftitle;type\n" a;b ";x\n'), limits)).toEqual([
      ['title', 'type'],
      ['a;b', 'x'],
    ]);
    expect(await readSheet(Buffer.from('title,type\r\nq,"multi\nline"\r\n'), limits)).toEqual([
      ['title', 'type'],
      ['q', 'multi\nline'],
    ]);
  });

  it('stops at the first row past the limit without parsing the rest', async () => {
    const lines = Array.from({ length: 101 }, (_, i) => `row ${i}`).join('\n');
    const tail = `\n${'filler\n'.repeat(20000)}"never closed`;
    expect(await refusal(Buffer.from(lines + tail))).toBe('too_many_rows');
  });

  it('refuses binary content and a record over 64 KB', async () => {
    expect(await refusal(Buffer.from([0x74, 0, 0x65]))).toBe('unreadable');
    expect(await refusal(Buffer.from(`title\n"${'a'.repeat(70 * 1024)}"\n`))).toBe('unreadable');
  });
});
