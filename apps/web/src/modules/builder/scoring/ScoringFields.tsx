import { getItemType, hasResponseSet, updateItem, type Item, type Scoring } from '@vigil/checklist';
import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBuilderCommands } from '../components/useBuilderCommands.tsx';
import { ScoreField } from './ScoreField.tsx';

type ScoreKey = 'default_score' | 'min_point' | 'max_point' | 'point_weight';

/**
 * Which scores a question takes besides "Enable score" (spec 2 §3 scoring concepts), by what decides
 * its points in `scoreItem`: a choice question scores its options (edited with the responses), a
 * numeric one its value between minimum and maximum points, any other one its points when answered.
 * Every kind takes a weight.
 */
function scoreKeysOf(type: Item['type']): readonly ScoreKey[] {
  if (hasResponseSet(type)) return ['point_weight'];
  if (getItemType(type).numeric) return ['min_point', 'max_point', 'point_weight'];
  return ['default_score', 'point_weight'];
}

/** "Enable score" and, when on, the question's own scores. Only for types that are scored. */
export function ScoringFields({ item }: { item: Item }) {
  const { t } = useTranslation('builder');
  const commands = useBuilderCommands();
  if (!getItemType(item.type).scorable) return null;
  const enabled = item.options.enable_score === true;
  const scoring: Scoring = item.options.scoring ?? {};
  const set = (patch: Partial<Item['options']>, coalesce?: string) =>
    commands.run((doc) => updateItem(doc, item.id, { options: patch }), coalesce ? { coalesce } : {});
  return (
    <>
      <Form.Item
        label={t('options.enable_score')}
        htmlFor="option-enable_score"
        layout="horizontal"
        style={{ marginBlockEnd: 12 }}
        data-option="enable_score"
      >
        <Switch id="option-enable_score" checked={enabled} onChange={(checked) => set({ enable_score: checked })} />
      </Form.Item>
      {enabled &&
        scoreKeysOf(item.type).map((key) => (
          <ScoreField
            key={key}
            id={`scoring-${key}`}
            label={t(`scoring.${key}`)}
            value={scoring[key]}
            min={key === 'point_weight' ? 0 : undefined}
            onChange={(score) => set({ scoring: { ...scoring, [key]: score } }, `${item.id}.scoring.${key}`)}
          />
        ))}
    </>
  );
}
