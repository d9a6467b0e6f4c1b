import { unitOf } from '@vigil/checklist';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../control-props.ts';
import { useChecklistScope } from '../ChecklistScope.ts';

const SERVER_VALUES = new Set(['document_id', 'inspection_real_start_date', 'inspection_real_end_date']);

/**
 * What the inspector reads and never types: a constant, a calculation, a counter, and what the server
 * writes (the document ID from its format, the real start and end). A date shows as its wall clock.
 */
export function OutputControl({ item, state, labelId, value }: ControlProps) {
  const { t } = useTranslation('checklist-renderer');
  const { document } = useChecklistScope();
  const unit = unitOf(item, document.custom_units);
  const empty = value === null || value === undefined || value === '';
  const text =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? value.slice(0, 16).replace('T', ' ') : String(value ?? '');
  return (
    <output className="checklist-output" aria-labelledby={labelId} data-testid="checklist-output">
      {state.error ? (
        <Typography.Text type="danger">{t(`checklist:messages.${state.error}`)}</Typography.Text>
      ) : empty ? (
        SERVER_VALUES.has(item.type) ? (
          t('given_by_server')
        ) : (
          t('no_value')
        )
      ) : (
        `${text}${unit ? ` ${unit}` : ''}`
      )}
    </output>
  );
}
