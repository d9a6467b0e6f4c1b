import type { Item } from '@vigil/checklist';
import { useTranslation } from 'react-i18next';

/** A retired type the inspection cannot answer (the builder's Fix replaces it). */
export function Unavailable({ item }: { item: Item }) {
  const { t } = useTranslation('checklist-renderer');
  return (
    <div className="checklist-unavailable" data-testid="checklist-unavailable">
      {t('unavailable', { type: t(`builder:types.${item.type}`) })}
    </div>
  );
}
