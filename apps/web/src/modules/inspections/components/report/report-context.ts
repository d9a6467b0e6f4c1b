import type { TemplateDocument } from '@vigil/checklist';
import type { InspectionReport } from '@vigil/contracts';
import { createContext, useContext } from 'react';
import type { DateFormatter } from '../../../../lib/dates.ts';

/** What every part of one report reads: the report, its document read, the reader's dates, and whether it prints. */
export interface ReportScope {
  report: InspectionReport;
  document: TemplateDocument;
  dates: DateFormatter;
  /** The print view (the PDF): no buttons, everything unfolded, pictures in full. */
  print: boolean;
}

export const ReportScopeContext = createContext<ReportScope | null>(null);

export function useReportScope(): ReportScope {
  const scope = useContext(ReportScopeContext);
  if (!scope) throw new Error('useReportScope outside a report');
  return scope;
}

/** The element id of an answer's row (the failed items link to it). */
export const answerRowId = (key: string) => `report-answer-${key}`;
