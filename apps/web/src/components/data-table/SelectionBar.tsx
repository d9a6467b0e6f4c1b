import { Alert, Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkTarget } from './types.ts';

/** The selection's action bar (spec 3 §9). */
const ACTION_BAR_HEIGHT = 45;

interface Props {
  /** How many rows are chosen, and whether they are every row matching the filter. */
  count: number;
  allMatching: boolean;
  /** The list counted only so far (`total_capped`): more rows match than `count` and `offerAllMatching` say. */
  countCapped: boolean;
  /** Rows matching the filter, offered when the whole page is chosen and more match. */
  offerAllMatching: number | null;
  onSelectAllMatching: () => void;
  target: BulkTarget;
  onClear: () => void;
  renderActions?: (target: BulkTarget, clear: () => void) => ReactNode;
}

/** What is chosen, the bulk actions on it, and the way to choose every matching row or none. */
export function SelectionBar({
  count,
  allMatching,
  countCapped,
  offerAllMatching,
  onSelectAllMatching,
  target,
  onClear,
  renderActions,
}: Props) {
  const { t } = useTranslation('table');
  const chosen = !allMatching
    ? t('selection.some', { count })
    : countCapped
      ? t('selection.allCapped', { number: count })
      : t('selection.all', { count });
  return (
    <Alert
      role="status"
      style={{ marginBottom: 8, minHeight: ACTION_BAR_HEIGHT }}
      title={
        <Space wrap>
          <span>{chosen}</span>
          {offerAllMatching !== null ? (
            <Button type="link" size="small" onClick={onSelectAllMatching}>
              {countCapped
                ? t('selection.selectAllCapped', { number: offerAllMatching })
                : t('selection.selectAll', { count: offerAllMatching })}
            </Button>
          ) : null}
          {renderActions?.(target, onClear)}
          <Button type="link" size="small" onClick={onClear}>
            {t('selection.clear')}
          </Button>
        </Space>
      }
    />
  );
}
