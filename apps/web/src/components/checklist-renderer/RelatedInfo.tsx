import type { Item } from '@vigil/checklist';
import { useTranslation } from 'react-i18next';
import { useChecklistScope } from './ChecklistScope.ts';
import { RichTextBlock } from './RichTextBlock.tsx';
import { infoHtmlOf } from './safe-html.ts';

/** A question's related information (its info block), folded under "More information". */
export function RelatedInfo({ item }: { item: Item }) {
  const { t } = useTranslation('checklist-renderer');
  const { document } = useChecklistScope();
  const html = infoHtmlOf(document.info, item.options.info_id);
  if (!html) return null;
  return (
    <details className="checklist-related-info">
      <summary>{t('more_info')}</summary>
      <RichTextBlock html={html} />
    </details>
  );
}
