import { Button, Radio } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value: number | null;
  labelId: string;
  disabled: boolean;
  /** Null clears the rating. */
  onChange: (rating: number | null) => void;
}

const RATINGS = [1, 2, 3, 4, 5] as const;

/** A manual rating from 1 (excellent) to 5 (needs improvement), spec 2's scale; each button is named for screen readers. */
export function RatingControl({ value, labelId, disabled, onChange }: Props) {
  const { t } = useTranslation('checklist-renderer');
  const id = useId();
  return (
    <div className="checklist-rating">
      <span id={id} className="checklist-field-label">
        {t('rating.label')}
      </span>
      <Radio.Group
        aria-labelledby={`${id} ${labelId}`}
        disabled={disabled}
        value={value ?? undefined}
        className="checklist-choices"
        onChange={(event) => onChange(event.target.value as number)}
      >
        {RATINGS.map((rating) => (
          <Radio.Button
            key={rating}
            value={rating}
            aria-label={t(`rating.level_${rating}`, { rating })}
            title={t(`rating.level_${rating}`, { rating })}
          >
            {rating}
          </Radio.Button>
        ))}
      </Radio.Group>
      {value !== null && !disabled && (
        <Button size="small" type="link" onClick={() => onChange(null)}>
          {t('rating.clear')}
        </Button>
      )}
    </div>
  );
}
