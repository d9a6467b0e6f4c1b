import '@fontsource/noto-sans-arabic/400.css';
import '@fontsource/noto-sans-arabic/700.css';
import { useQuery } from '@tanstack/react-query';
import { TemplateDocumentSchema, type TemplateDocument } from '@vigil/checklist';
import { REPORT_READY_ATTRIBUTE } from '@vigil/contracts';
import { Button, ConfigProvider, Result, Spin, theme, type ThemeConfig } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { dateFormatter, useDateFormat } from '../../../lib/dates.ts';
import { isHttpError } from '../../../lib/http.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { isLanguage } from '../../../lib/language.ts';
import { loadSharedReport, sharedPdfCalls } from '../api.ts';
import { PdfExport } from '../components/report/PdfExport.tsx';
import { ReportView } from '../components/report/ReportView.tsx';
import { readerTimeZone } from '../components/report/usePdfExport.ts';

/**
 * Paper is light whatever the reader's skin, and the print view's fonts are its own (served by Vigil,
 * never from elsewhere): Noto Sans Arabic, whose Latin letters cover English, French and German too.
 */
const PRINT_THEME: ThemeConfig = { algorithm: theme.defaultAlgorithm, token: { fontFamily: "'Noto Sans Arabic', sans-serif" } };
/** The longest the print view waits for its pictures before saying it is ready (the PDF job waits for them again). */
const PICTURES_WAIT_MS = 30_000;

/** Resolves once every picture of the page has loaded or failed, or after `timeoutMs`. */
async function picturesLoaded(timeoutMs: number): Promise<void> {
  const pending = [...document.images].filter((image) => !image.complete);
  const loads = pending.map(
    (image) =>
      new Promise<void>((resolve) => {
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  await Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
  await document.fonts?.ready;
}

function setReady(value: 'true' | 'error' | null) {
  if (value === null) document.documentElement.removeAttribute(REPORT_READY_ATTRIBUTE);
  else document.documentElement.setAttribute(REPORT_READY_ATTRIBUTE, value);
}

/**
 * `/shared/inspections/{token}`: a shared report for someone without an account: the report and its
 * PDF, nothing else. With `?print=1&lang=..&tz=..` it is the print view the PDF job opens: no buttons,
 * everything unfolded, the language and time zone of the query, and `data-report-ready` on `<html>`.
 */
export function SharedReportPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const { t, i18n } = useTranslation('inspections');
  const print = search.get('print') === '1';
  const language = search.get('lang');
  const zone = search.get('tz');
  const [languageReady, setLanguageReady] = useState(() => !print || !isLanguage(language) || language === i18n.language);
  useEffect(() => {
    if (languageReady || !isLanguage(language)) return;
    void changeLanguage(language).finally(() => setLanguageReady(true));
  }, [languageReady, language]);

  const report = useQuery({
    queryKey: ['GET /api/shared/inspections/:token', { token }, null],
    queryFn: () => loadSharedReport(token),
    enabled: languageReady,
    staleTime: Infinity,
  });
  const document = useMemo<TemplateDocument | 'invalid' | null>(() => {
    if (!report.data) return null;
    const parsed = TemplateDocumentSchema.safeParse(report.data.document);
    return parsed.success ? parsed.data : 'invalid';
  }, [report.data]);
  const readerDates = useDateFormat();
  const dates = useMemo(() => (print ? dateFormatter(i18n.language, zone, false) : readerDates), [print, i18n.language, zone, readerDates]);
  const calls = useMemo(() => sharedPdfCalls(token), [token]);
  const failed = report.isError || document === 'invalid';

  // The print view's ready signal: once the report is laid out with its pictures and fonts (or could not be).
  useEffect(() => {
    if (!print) return;
    if (failed) return setReady('error');
    if (!document) return;
    let current = true;
    void picturesLoaded(PICTURES_WAIT_MS).then(() => current && setReady('true'));
    return () => {
      current = false;
    };
  }, [print, failed, document]);
  useEffect(() => () => setReady(null), []);

  if (failed) {
    const gone = isHttpError(report.error) && report.error.status === 404;
    return (
      <div className="report-shared report-shared-centered" data-testid="shared-report-invalid">
        {gone ? (
          <Result
            status="warning"
            title={<h1 className="result-title">{t('shared.invalid_title')}</h1>}
            subTitle={t('shared.invalid_text')}
          />
        ) : (
          <Result
            status="warning"
            title={<h1 className="result-title">{t('report.load_failed')}</h1>}
            extra={print ? null : <Button onClick={() => void report.refetch()}>{t('actions.retry')}</Button>}
          />
        )}
      </div>
    );
  }
  if (!report.data || !document) {
    return (
      <div className="report-shared report-shared-centered">
        <Spin size="large" description={t('report.loading')}>
          <div style={{ padding: 48 }} />
        </Spin>
      </div>
    );
  }
  const view = (
    <ReportView
      report={report.data}
      document={document}
      dates={dates}
      print={print}
      actions={print ? undefined : <PdfExport calls={calls} timeZone={readerTimeZone(null)} />}
    />
  );
  return (
    <div className={print ? 'report-shared report-shared-print' : 'report-shared'}>
      {print ? <ConfigProvider theme={PRINT_THEME}>{view}</ConfigProvider> : view}
    </div>
  );
}
