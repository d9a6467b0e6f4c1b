import { answerKindOf, checkAnswer, type Answer, type AnswerProblem, type Item, type ItemState } from '@vigil/checklist';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AnswerControl } from './AnswerControl.tsx';
import { AnswerExtras } from './AnswerExtras.tsx';
import { useChecklistScope } from './ChecklistScope.ts';
import { InstructionItem } from './InstructionItem.tsx';
import { RelatedInfo } from './RelatedInfo.tsx';
import { formatScore } from './ScoreTag.tsx';

interface Props {
  item: Item;
  state: ItemState;
  answer: Answer | undefined;
  answerKey: string;
  touched: boolean;
  /** The server's messages for this answer (a refused save, a finish that found it missing). */
  errors: readonly string[];
}

/**
 * One question as the inspector sees it: its label, its control, its note, files and rating, its
 * score and its problems. Memoised: the evaluator replaces a state only when it changes, the session an
 * answer only when it changes, so answering one question re-renders that one alone.
 */
export const Question = memo(function Question({ item, state, answer, answerKey, touched, errors }: Props) {
  const { t, i18n } = useTranslation('checklist-renderer');
  const { annotate, readOnly, answerBadge } = useChecklistScope();
  const labelId = useId();
  if (item.type === 'instruction') return <InstructionItem item={item} answerKey={answerKey} />;
  const title = item.title.trim() || t('untitled');
  const answered = answerKindOf(item) !== 'none';
  // Notes and files count as problems only where they can be added.
  const annotated = !!annotate && !readOnly;
  const problems = touched
    ? checkAnswer(item, state, answer).filter((problem) => problem.field === 'value' || (annotated && answered))
    : [];
  return (
    <div
      className="checklist-item"
      data-testid="checklist-item"
      data-item-id={item.id}
      data-answer-key={answerKey}
      data-enabled={state.enabled}
      data-color={state.color ?? undefined}
      tabIndex={-1}
      style={
        state.color ? { borderInlineStartColor: state.color, background: `color-mix(in srgb, ${state.color} 12%, transparent)` } : undefined
      }
    >
      <div className="checklist-label" id={labelId}>
        {title}
        {state.required && (
          <span className="checklist-required" title={t('required')}>
            {' *'}
            <span className="checklist-sr">{t('required')}</span>
          </span>
        )}
      </div>
      {answerBadge?.(answerKey, answer)}
      <RelatedInfo item={item} />
      {(state.require_media || state.require_note) && (
        <div>
          {state.require_media && <span className="checklist-tag">{t('media_required')}</span>}
          {state.require_note && <span className="checklist-tag">{t('note_required')}</span>}
        </div>
      )}
      <AnswerControl item={item} state={state} answerKey={answerKey} labelId={labelId} />
      {answered && (
        <AnswerExtras
          item={item}
          answerKey={answerKey}
          labelId={labelId}
          note={answer?.note}
          media={answer?.media}
          rating={answer?.rating}
          enabled={state.enabled}
          requireNote={state.require_note}
        />
      )}
      {state.max_score !== null && state.score !== null && (
        <span className="checklist-secondary" data-testid="checklist-item-score">
          {t('points', { score: formatScore(state.score, i18n.language), max: formatScore(state.max_score, i18n.language) })}
        </span>
      )}
      {/* Plain text, not antd's Typography: a problem comes and goes as the inspector types. */}
      {problems.map((problem) => (
        <span key={`${problem.field}-${problem.code}`} className="checklist-problem" role="alert">
          {problemText(problem, t)}
        </span>
      ))}
      {errors.map((message) => (
        <span key={message} className="checklist-problem" role="alert" data-testid="checklist-server-error">
          {message}
        </span>
      ))}
    </div>
  );
});

function problemText(problem: AnswerProblem, t: TFunction<'checklist-renderer'>): string {
  if (problem.field === 'note') return t('problems.note_missing');
  if (problem.field === 'media') return t('problems.media_missing');
  return t(`checklist:messages.${problem.code}`, problem.params);
}
