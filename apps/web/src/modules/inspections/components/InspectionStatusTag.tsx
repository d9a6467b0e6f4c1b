import type { InspectionStatus } from '@vigil/contracts';
import { Tag } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Solid status tags with white text, readable in every skin (antd's light preset tags fall below
 * 4.5:1): in progress blue, completed the published green of the templates; to do a plain tag.
 */
const STATUS_COLORS: Record<InspectionStatus, string | undefined> = { todo: undefined, in_progress: '#0958d9', completed: '#0e700e' };

export const InspectionStatusTag = memo(function InspectionStatusTag({ status }: { status: InspectionStatus }) {
  const { t } = useTranslation('inspections');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="inspection-status">
      {t(`status.${status}`)}
    </Tag>
  );
});
