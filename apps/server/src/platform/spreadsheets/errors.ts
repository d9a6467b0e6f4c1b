/** What a spreadsheet reader refuses, each before the reading goes further than its limit. */
export type SpreadsheetRefusal = 'too_large' | 'too_many_rows' | 'unreadable';

export class SpreadsheetError extends Error {
  constructor(readonly reason: SpreadsheetRefusal) {
    super(reason);
  }
}

/** How far one use of spreadsheets may read; every limit is enforced while reading. */
export interface SheetLimits {
  /** Rows with content, counted as the spreadsheet numbers them (a header row included). */
  maxRows: number;
  /** Cells after this column are ignored, never kept. */
  maxColumns: number;
  /** Bytes of sheet (and shared strings) XML an xlsx may unpack to, counted as they are inflated. */
  maxSheetBytes: number;
}
