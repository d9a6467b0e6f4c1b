import { ArrowLeftOutlined, EditOutlined, FormOutlined } from '@ant-design/icons';
import { TemplateDocumentSchema } from '@vigil/checklist';
import { Button, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useCanOpenPath } from '../../../app/useCanOpenPath.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.ts';
import { inspectionPath, INSPECTIONS_PATH, memberPdfCalls, useInspectionReport } from '../api.ts';
import { HistoryTimeline } from '../components/report/HistoryTimeline.tsx';
import { PdfExport } from '../components/report/PdfExport.tsx';
import { ReportView } from '../components/report/ReportView.tsx';
import { SharesPanel } from '../components/report/SharesPanel.tsx';
import { readerTimeZone } from '../components/report/usePdfExport.ts';

/**
 * `/inspections/{id}/view-report`: the report of one inspection for a member who may open it (its
 * auditor, a reader of reports or of the archive, a manager): the PDF, the history of edits after
 * completion and, for a manager, editing and share links.
 */
export function InspectionReportPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('inspections');
  const navigate = useNavigate();
  const dates = useDateFormat();
  const ability = useAppAbility();
  const canOpen = useCanOpenPath();
  const timeZone = readerTimeZone(useSession()?.userData?.tz_code);
  const report = useInspectionReport(id);
  const document = useMemo(() => (report.data ? TemplateDocumentSchema.parse(report.data.document) : null), [report.data]);
  const calls = useMemo(() => memberPdfCalls(id), [id]);
  const manages = canAny(ability, ['INS_MANAGE_INSPECTIONS']);

  if (report.isError) {
    return (
      <Result
        status="warning"
        title={<h1 className="result-title">{t('report.load_failed')}</h1>}
        extra={<Button onClick={() => void report.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }
  if (!report.data || !document) {
    return (
      <div className="report-loading">
        <Spin size="large" description={t('report.loading')}>
          <div style={{ padding: 48 }} />
        </Spin>
      </div>
    );
  }
  const { inspection } = report.data;
  const open = !inspection.archived_at && canOpen(inspectionPath(id));
  // A manager corrects a completed inspection on its screen; the changes go to the history below.
  const edit = open && inspection.status === 'completed' && manages;
  const actions = (
    <>
      <PdfExport calls={calls} timeZone={timeZone} />
      {edit ? (
        <Button icon={<EditOutlined aria-hidden />} onClick={() => void navigate(inspectionPath(id))}>
          {t('report.edit')}
        </Button>
      ) : open && inspection.status !== 'completed' ? (
        <Button icon={<FormOutlined aria-hidden />} onClick={() => void navigate(inspectionPath(id))}>
          {t('report.open_inspection')}
        </Button>
      ) : null}
    </>
  );
  return (
    <div className="report-screen">
      {canOpen(INSPECTIONS_PATH) ? (
        <Link to={INSPECTIONS_PATH} className="report-back">
          <ArrowLeftOutlined aria-hidden /> {t('links.inspections')}
        </Link>
      ) : null}
      <ReportView report={report.data} document={document} dates={dates} actions={actions}>
        {report.data.edited_after_completion ? <HistoryTimeline /> : null}
        {manages ? <SharesPanel /> : null}
      </ReportView>
    </div>
  );
}
