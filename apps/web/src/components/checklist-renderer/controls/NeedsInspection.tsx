import type { Item } from '@vigil/checklist';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where the screen supplies no source for a question (the builder's preview has no inspection to
 * upload to, no people or assets to search): says so plainly, and shows the answer it has, if any.
 */
export function NeedsInspection({ item, children }: { item: Item; children?: ReactNode }) {
  const { t } = useTranslation('checklist-renderer');
  return (
    <div className="checklist-unavailable" data-testid="checklist-needs-inspection">
      {children}
      <div>{t('needs_inspection', { type: t(`builder:types.${item.type}`) })}</div>
    </div>
  );
}
