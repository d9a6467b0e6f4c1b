import { ArrowRightOutlined, HistoryOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { parseAnswerKey } from '@vigil/checklist';
import type { HistoryEntry, StoredAnswer } from '@vigil/contracts';
import { Alert, Button, Empty, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { loadHistory } from '../../api.ts';
import { textOfView, viewOfValue, type ValueView } from './answer-values.ts';
import { ChoiceLabels } from './AnswerValue.tsx';
import { useReportScope } from './report-context.ts';
import { useItemTitle } from './ReportAnswerRow.tsx';

/** The edits of one save: one revision, one person, one moment. */
interface Edit {
  revision: number;
  changedAt: string;
  by: string | null;
  entries: HistoryEntry[];
}

function editsOf(entries: readonly HistoryEntry[]): Edit[] {
  const edits: Edit[] = [];
  for (const entry of entries) {
    const last = edits[edits.length - 1];
    if (last && last.revision === entry.revision) last.entries.push(entry);
    else edits.push({ revision: entry.revision, changedAt: entry.changed_at, by: entry.changed_by?.name ?? null, entries: [entry] });
  }
  return edits;
}

function DiffValue({ view, text }: { view: ValueView; text: string }) {
  return view.kind === 'choices' ? <ChoiceLabels choices={view.choices} /> : <span className="report-diff-text">{text}</span>;
}

/** The answers changed after completion, newest first: who, when, and each answer's old → new value, read as the report reads it. */
export function HistoryTimeline() {
  const { t } = useTranslation('inspections');
  const { report, document, dates } = useReportScope();
  const titleOf = useItemTitle();
  const id = report.inspection.id;
  const history = useInfiniteQuery({
    queryKey: ['GET /api/inspections/:id/history', { id }, 'pages'],
    queryFn: ({ pageParam }) => loadHistory(id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.current_page < last.pagination.total_pages ? last.pagination.current_page + 1 : undefined),
    // Read again with the report: a correction just made is the newest entry.
    staleTime: 0,
  });
  const byId = useMemo(() => new Map(document.items.map((item) => [item.id, item])), [document]);
  const edits = useMemo(() => editsOf(history.data?.pages.flatMap((page) => page.list) ?? []), [history.data]);
  const instanceEntry = (entry: HistoryEntry) => {
    if (entry.instance_id === null) return null;
    const { itemId } = parseAnswerKey(entry.key);
    const item = byId.get(itemId);
    const repeatable = item?.options.repeatable ? itemId : (item?.parent_id ?? '');
    const index = (report.instances[repeatable] ?? ['1']).indexOf(entry.instance_id);
    return index >= 0 ? index + 1 : null;
  };
  const side = (entry: HistoryEntry, answer: StoredAnswer | null) => {
    const item = byId.get(entry.item_id);
    const view: ValueView = item && answer ? viewOfValue(item, answer.value, { document, dates, t }) : { kind: 'empty' };
    return { view, text: answer === null ? t('history.none') : textOfView(view, { t, dates }) };
  };

  return (
    <section className="report-history" aria-labelledby="report-history-title" data-testid="report-history">
      <h2 id="report-history-title" className="report-side-title">
        <HistoryOutlined aria-hidden /> {t('history.title')}
      </h2>
      <Typography.Paragraph type="secondary">{t('history.hint')}</Typography.Paragraph>
      {history.isPending ? <Spin /> : null}
      {history.isError ? (
        <Alert
          type="warning"
          showIcon
          title={t('history.load_failed')}
          action={<Button onClick={() => void history.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : null}
      {history.data && !edits.length ? <Empty description={t('history.empty')} /> : null}
      <ol className="report-history-list">
        {edits.map((edit) => (
          <li key={`${edit.revision}-${edit.changedAt}`} className="report-history-edit" data-testid="history-edit">
            <div className="report-history-who">
              <Typography.Text strong>{edit.by ?? t('history.someone')}</Typography.Text>{' '}
              <Typography.Text type="secondary">
                <time dateTime={edit.changedAt} title={dates.dateTime(edit.changedAt)}>
                  {dates.when(edit.changedAt)}
                </time>
              </Typography.Text>
            </div>
            <ul className="report-history-changes">
              {edit.entries.map((entry) => {
                const item = byId.get(entry.item_id);
                const title = item ? titleOf({ item, entry: instanceEntry(entry) }) : entry.key;
                const before = side(entry, entry.before);
                const after = side(entry, entry.after);
                const noteChanged = (entry.before?.note ?? null) !== (entry.after?.note ?? null);
                const valueChanged =
                  JSON.stringify(entry.before?.value ?? null) !== JSON.stringify(entry.after?.value ?? null) || !noteChanged;
                return (
                  <li key={entry.id} data-testid="history-change">
                    <span className="report-history-question" dir="auto">
                      {title}
                    </span>
                    {valueChanged ? (
                      <span className="report-diff" data-testid="history-diff">
                        <span className="visually-hidden">{t('history.before')}</span>
                        <del>
                          <DiffValue {...before} />
                        </del>
                        <ArrowRightOutlined aria-hidden className="report-diff-arrow" />
                        <span className="visually-hidden">{t('history.after')}</span>
                        <ins>
                          <DiffValue {...after} />
                        </ins>
                      </span>
                    ) : null}
                    {noteChanged ? (
                      <span className="report-diff" data-testid="history-note-diff">
                        {t('history.note')} <span className="visually-hidden">{t('history.before')}</span>
                        <del>{entry.before?.note || t('history.none')}</del>
                        <ArrowRightOutlined aria-hidden className="report-diff-arrow" />
                        <span className="visually-hidden">{t('history.after')}</span>
                        <ins>{entry.after?.note || t('history.none')}</ins>
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
      {history.hasNextPage ? (
        <Button loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {t('history.more')}
        </Button>
      ) : null}
    </section>
  );
}
