import { checkAnswer, type Answer, type Item, type ItemState } from '@vigil/checklist';
import { Tag, Typography } from 'antd';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerControl } from './AnswerControl.tsx';
import { formatScore } from './ScoreTag.tsx';

interface Props {
  item: Item;
  state: ItemState;
  answer: Answer | undefined;
  answerKey: string;
  touched: boolean;
}

/** One question as the inspector sees it. Memoised: the evaluator replaces a state only when it changes. */
export const Question = memo(function Question({ item, state, answer, answerKey, touched }: Props) {
  const { t, i18n } = useTranslation('checklist-renderer');
  const labelId = useId();
  const title = item.title.trim() || t('untitled');
  if (item.type === 'instruction') {
    return (
      <div className="checklist-item checklist-instruction" data-testid="checklist-item" data-item-id={item.id}>
        <Typography.Paragraph style={{ marginBlockEnd: 0 }}>{title}</Typography.Paragraph>
      </div>
    );
  }
  // Media and notes cannot be added here yet: their requirements show as tags, not as problems.
  const problems = touched ? checkAnswer(item, state, answer).filter((problem) => problem.field === 'value') : [];
  return (
    <div
      className="checklist-item"
      data-testid="checklist-item"
      data-item-id={item.id}
      data-enabled={state.enabled}
      data-color={state.color ?? undefined}
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
      {(state.require_media || state.require_note) && (
        <div>
          {state.require_media && <Tag>{t('media_required')}</Tag>}
          {state.require_note && <Tag>{t('note_required')}</Tag>}
        </div>
      )}
      <AnswerControl item={item} state={state} answerKey={answerKey} labelId={labelId} />
      {state.max_score !== null && state.score !== null && (
        <Typography.Text type="secondary" data-testid="checklist-item-score">
          {t('points', { score: formatScore(state.score, i18n.language), max: formatScore(state.max_score, i18n.language) })}
        </Typography.Text>
      )}
      {problems.map((problem) => (
        <Typography.Text key={problem.code} type="danger" role="alert" style={{ display: 'block' }}>
          {t(`checklist:messages.${problem.code}`, problem.params)}
        </Typography.Text>
      ))}
    </div>
  );
});
