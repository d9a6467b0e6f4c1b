import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePdfExport, type PdfCalls } from './usePdfExport.ts';

interface Props {
  calls: PdfCalls;
  timeZone: string | undefined;
}

/** "Export PDF": the job's step and progress as it goes (a polite live region), the download once done, or why it failed. */
export function PdfExport({ calls, timeZone }: Props) {
  const { t } = useTranslation('inspections');
  const { state, start } = usePdfExport(calls, timeZone);
  const busy = state.phase === 'starting' || state.phase === 'working';
  const percent = state.phase === 'working' ? Math.round(state.job.progress * 100) : state.phase === 'done' ? 100 : 0;
  return (
    <div className="report-pdf" data-testid="report-pdf">
      <Button icon={<FilePdfOutlined aria-hidden />} loading={busy} onClick={() => void start()}>
        {t('pdf.export')}
      </Button>
      <div role="status" aria-live="polite" className="report-pdf-status">
        {busy ? (
          <Space orientation="vertical" size={0} className="report-pdf-progress">
            <Typography.Text type="secondary" data-testid="report-pdf-step">
              {t(`pdf.steps.${state.phase === 'working' ? state.job.step : 'queued'}`)}
            </Typography.Text>
            <Progress percent={percent} size="small" aria-label={t('pdf.progress')} />
          </Space>
        ) : null}
        {state.phase === 'done' ? (
          <Typography.Link href={calls.fileLink(state.job.job_id)} download={state.job.file?.name} data-testid="report-pdf-download">
            <DownloadOutlined aria-hidden /> {t('pdf.download', { name: state.job.file?.name ?? '' })}
          </Typography.Link>
        ) : null}
      </div>
      {state.phase === 'failed' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="report-pdf-failed"
          title={state.message || t('pdf.failed')}
          data-testid="report-pdf-failed"
        />
      ) : null}
    </div>
  );
}
