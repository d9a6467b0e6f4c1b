import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPoints, viewOfValue } from './answer-values.ts';
import { AnswerValue } from './AnswerValue.tsx';
import { MediaGallery } from './MediaGallery.tsx';
import { answerRowId, useReportScope } from './report-context.ts';
import type { ReportNode } from './report-tree.ts';

/** Solid red with white text (5.6:1), readable in every skin, as the status tags are. */
export const FAILED_COLOR = '#cf1322';

/** The title of an item as the report names it, with its entry number inside a repeatable ("Tyre · entry 2"). */
export function useItemTitle() {
  const { t } = useTranslation('inspections');
  return (node: Pick<ReportNode, 'item' | 'entry'>) => {
    const title = node.item.title.trim() || t('checklist-renderer:untitled');
    return node.entry !== null ? t('report.entry', { title, entry: node.entry }) : title;
  };
}

/** One answer of the report: the question, its value, whether it failed and its points, its note, files and rating, who gave it. */
export function ReportAnswerRow({ node }: { node: ReportNode }) {
  const { t } = useTranslation('inspections');
  const { report, document, dates, print } = useReportScope();
  const titleOf = useItemTitle();
  const answer = report.answers[node.key];
  const state = report.states[node.key];
  const title = titleOf(node);
  const value = answer ? answer.value : state?.value;
  const view = viewOfValue(node.item, value, { document, dates, t });
  const language = dates.language;
  return (
    <div
      className={state?.failed ? 'report-answer report-answer-failed' : 'report-answer'}
      id={answerRowId(node.key)}
      tabIndex={-1}
      data-testid="report-answer"
      data-key={node.key}
      data-failed={state?.failed ? 'true' : undefined}
    >
      <div className="report-answer-head">
        <span className="report-question" dir="auto">
          {title}
        </span>
        {state?.failed ? (
          <Tag color={FAILED_COLOR} data-testid="report-failed-tag">
            {t('report.failed')}
          </Tag>
        ) : null}
        {state && state.max_score !== null && state.score !== null ? (
          <Typography.Text type="secondary" className="report-points">
            {t('report.points', { score: formatPoints(state.score, language), max: formatPoints(state.max_score, language) })}
          </Typography.Text>
        ) : null}
      </div>
      <div className="report-answer-value">
        <AnswerValue item={node.item} view={view} dates={dates} print={print} />
      </div>
      {answer?.note ? (
        <div className="report-note" data-testid="report-note">
          <Typography.Text strong>{t('report.note')}</Typography.Text> <span className="report-multiline">{answer.note}</span>
        </div>
      ) : null}
      {answer?.media?.length ? <MediaGallery files={answer.media} title={title} print={print} /> : null}
      {typeof answer?.rating === 'number' ? <div className="report-rating">{t('report.rating', { rating: answer.rating })}</div> : null}
      {answer?.carried_over ? (
        <Tag className="report-carried" data-testid="report-carried-over">
          {t('report.carried_over')}
        </Tag>
      ) : null}
      {answer && (answer.answered_by || answer.updated_at) ? (
        <Typography.Text type="secondary" className="report-answered-by">
          {answer.answered_by && answer.updated_at
            ? t('report.answered_by', { name: answer.answered_by, date: dates.dateTime(answer.updated_at) })
            : answer.answered_by
              ? t('report.answered_by_name', { name: answer.answered_by })
              : t('report.answered_at', { date: dates.dateTime(answer.updated_at!) })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
