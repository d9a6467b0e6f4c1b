import { CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { textOfView, viewOfValue } from './answer-values.ts';
import { answerRowId, useReportScope } from './report-context.ts';
import type { ReportNode } from './report-tree.ts';
import { FAILED_COLOR, useItemTitle } from './ReportAnswerRow.tsx';

/**
 * The failed questions up front, in document order, each with its answer; on screen each leads to its row below.
 * Plain elements in the theme's colours (report.css), as the rows: antd's Typography looked up its style per title.
 */
export function FailedItemsPanel({ nodes, onShow }: { nodes: ReadonlyMap<string, ReportNode>; onShow: (key: string) => void }) {
  const { t } = useTranslation('inspections');
  const { report, document, dates, print } = useReportScope();
  const titleOf = useItemTitle();
  const failed = report.failed.filter((key) => nodes.has(key));
  if (!failed.length) return null;
  return (
    <section className="report-failed" data-testid="report-failed" aria-labelledby="report-failed-title">
      <h2 id="report-failed-title" className="report-failed-title">
        <CloseCircleFilled aria-hidden style={{ color: FAILED_COLOR }} /> {t('report.failed_title', { count: failed.length })}
      </h2>
      <ol className="report-failed-list">
        {failed.map((key) => {
          const node = nodes.get(key);
          if (!node) return null;
          const answer = report.answers[key];
          const text = textOfView(viewOfValue(node.item, answer?.value ?? report.states[key]?.value, { document, dates, t }), { t, dates });
          const title = titleOf(node);
          return (
            <li key={key} data-testid="report-failed-item">
              {print ? (
                <strong className="report-failed-title-text">{title}</strong>
              ) : (
                <a
                  className="report-failed-title-text report-failed-link"
                  href={`#${answerRowId(key)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onShow(key);
                  }}
                >
                  {title}
                </a>
              )}
              <span className="report-failed-answer" dir="auto">
                {text}
              </span>
              {answer?.note ? <span className="report-failed-note">{t('report.note_inline', { note: answer.note })}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
