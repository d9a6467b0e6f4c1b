import type { TFunction } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { viewOfValue } from './answer-values.ts';
import { AnswerValue } from './AnswerValue.tsx';
import { MediaGallery } from './MediaGallery.tsx';
import { answerRowId, useReportScope } from './report-context.ts';
import type { ReportNode } from './report-tree.ts';

/** Solid red with white text (5.6:1), readable in every skin, as the status tags are. */
export const FAILED_COLOR = '#cf1322';

/** The title of an item as the report names it, with its entry number inside a repeatable ("Tyre · entry 2"). */
export function itemTitle(t: TFunction<'inspections'>, node: Pick<ReportNode, 'item' | 'entry'>): string {
  const title = node.item.title.trim() || t('checklist-renderer:untitled');
  return node.entry !== null ? t('report.entry', { title, entry: node.entry }) : title;
}

/** `itemTitle` with the translation of the screen, for what stands outside the rows. */
export function useItemTitle() {
  const { t } = useTranslation('inspections');
  return (node: Pick<ReportNode, 'item' | 'entry'>) => itemTitle(t, node);
}

/**
 * One answer of the report: the question, its value, whether it failed and its points, its note, files and rating, who gave it.
 * A report has a thousand of them: they read the report's translation and wording (no hook of their own), draw their tags and
 * secondary texts as plain elements (report.css, the theme's colours from the report's root), and render again only when their
 * report does.
 */
export const ReportAnswerRow = memo(function ReportAnswerRow({ node }: { node: ReportNode }) {
  const { report, document, dates, print, t, rows } = useReportScope();
  const answer = report.answers[node.key];
  const state = report.states[node.key];
  const title = itemTitle(t, node);
  const value = answer ? answer.value : state?.value;
  const view = viewOfValue(node.item, value, { document, dates, t });
  const answeredBy = answer ? rows.answeredBy(answer.answered_by, answer.updated_at) : null;
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
          <span className="report-tag report-tag-failed" data-testid="report-failed-tag">
            {rows.failed}
          </span>
        ) : null}
        {state && state.max_score !== null && state.score !== null ? (
          <span className="report-secondary report-points">{rows.points(state.score, state.max_score)}</span>
        ) : null}
      </div>
      <div className="report-answer-value">
        <AnswerValue item={node.item} view={view} dates={dates} print={print} />
      </div>
      {answer?.note ? (
        <div className="report-note" data-testid="report-note">
          <strong className="report-strong">{rows.note}</strong> <span className="report-multiline">{answer.note}</span>
        </div>
      ) : null}
      {answer?.media?.length ? <MediaGallery files={answer.media} title={title} print={print} /> : null}
      {typeof answer?.rating === 'number' ? <div className="report-rating">{t('report.rating', { rating: answer.rating })}</div> : null}
      {answer?.carried_over ? (
        <span className="report-tag report-carried" data-testid="report-carried-over">
          {rows.carriedOver}
        </span>
      ) : null}
      {answeredBy ? <span className="report-secondary report-answered-by">{answeredBy}</span> : null}
    </div>
  );
});
