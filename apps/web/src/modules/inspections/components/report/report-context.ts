import type { TemplateDocument } from '@vigil/checklist';
import type { InspectionReport } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import type { DateFormatter } from '../../../../lib/dates.ts';
import type { RowText } from './row-text.ts';

/** What every part of one report reads: the report, its document read, the reader's dates, and whether it prints. */
export interface ReportScope {
  report: InspectionReport;
  document: TemplateDocument;
  dates: DateFormatter;
  /** The print view (the PDF): no buttons, everything unfolded, pictures in full. */
  print: boolean;
  /**
   * Translates in the `inspections` namespace: read once by the report for its thousand rows, which
   * then need no translation hook of their own (a new one when the language changes).
   */
  t: TFunction<'inspections'>;
  /** The wording the rows repeat, translated once. */
  rows: RowText;
}

export const ReportScopeContext = createContext<ReportScope | null>(null);

export function useReportScope(): ReportScope {
  const scope = useContext(ReportScopeContext);
  if (!scope) throw new Error('useReportScope outside a report');
  return scope;
}

/** The element id of an answer's row (the failed items link to it). */
export const answerRowId = (key: string) => `report-answer-${key}`;
