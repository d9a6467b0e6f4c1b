import { Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../../lib/files.ts';
import { InspectionStatusTag } from '../InspectionStatusTag.tsx';
import { formatPoints } from './answer-values.ts';
import { useReportScope } from './report-context.ts';

/**
 * The report's head: the workspace's logo and name, the inspection's title and number, and up front its
 * score, failed items, auditor, asset and dates; the screen's actions beside the title (none printed).
 */
export function ReportSummaryHeader({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation('inspections');
  const { report, dates, print } = useReportScope();
  const { inspection, branding } = report;
  const language = dates.language;
  const dash = t('none');
  const items = [
    { key: 'auditor', label: t('report.auditor'), children: inspection.auditor_name || dash },
    {
      key: 'asset',
      label: t('report.asset_label'),
      children: inspection.asset ? t('report.asset', { asset_id: inspection.asset.asset_id, name: inspection.asset.display_name }) : dash,
    },
    { key: 'started', label: t('report.started'), children: dates.dateTime(inspection.started_at) },
    { key: 'completed', label: t('report.completed'), children: inspection.completed_at ? dates.dateTime(inspection.completed_at) : dash },
    ...(inspection.completed_by_name && inspection.completed_by_name !== inspection.auditor_name
      ? [{ key: 'completed_by', label: t('report.completed_by'), children: inspection.completed_by_name }]
      : []),
    { key: 'answered', label: t('report.answered'), children: formatPoints(inspection.answered_count, language) },
    { key: 'version', label: t('report.version'), children: formatPoints(inspection.version, language) },
  ];
  return (
    <header className="report-header" data-testid="report-header">
      <div className="report-branding" data-testid="report-branding">
        {branding.logo_url ? <img className="report-logo" src={fileUrl(branding.logo_url)} alt="" loading="eager" /> : null}
        <span className="report-brand-name">{branding.display_name}</span>
      </div>
      <div className="report-title-row">
        <div className="report-heading">
          <Typography.Title level={1} className="report-title">
            {inspection.title}
          </Typography.Title>
          <span className="report-subtitle">
            <Typography.Text type="secondary">{t('number', { number: inspection.number })}</Typography.Text>
            <InspectionStatusTag status={inspection.status} />
            {inspection.archived_at ? <Typography.Text type="secondary">{t('report.archived')}</Typography.Text> : null}
          </span>
        </div>
        {actions && !print ? <div className="report-actions">{actions}</div> : null}
      </div>
      <div className="report-figures">
        <div className="report-figure" data-testid="report-score">
          <span className="report-figure-label">{t('report.score')}</span>
          <span className="report-figure-value">
            {inspection.score === null ? t('report.not_scored') : t('score', { score: formatPoints(inspection.score, language) })}
          </span>
          {inspection.max_points > 0 ? (
            <span className="report-figure-note">
              {t('report.points', {
                score: formatPoints(inspection.score_points, language),
                max: formatPoints(inspection.max_points, language),
              })}
            </span>
          ) : null}
        </div>
        <div
          className={inspection.failed_count > 0 ? 'report-figure report-figure-failed' : 'report-figure'}
          data-testid="report-failed-count"
        >
          <span className="report-figure-label">{t('report.failed_items')}</span>
          <span className="report-figure-value">{formatPoints(inspection.failed_count, language)}</span>
        </div>
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} className="report-facts" />
    </header>
  );
}
