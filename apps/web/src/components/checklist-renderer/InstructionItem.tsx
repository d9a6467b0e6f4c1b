import type { Item } from '@vigil/checklist';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChecklistScope } from './ChecklistScope.ts';
import { RichTextBlock } from './RichTextBlock.tsx';
import { infoHtmlOf } from './safe-html.ts';

/** An instruction: its title and the rich text of its info block, read, never answered. */
export function InstructionItem({ item, answerKey }: { item: Item; answerKey: string }) {
  const { t } = useTranslation('checklist-renderer');
  const { document } = useChecklistScope();
  const html = infoHtmlOf(document.info, item.options.info_id);
  const title = item.title.trim();
  return (
    <div className="checklist-item checklist-instruction" data-testid="checklist-item" data-item-id={item.id} data-answer-key={answerKey}>
      {(title || !html) && <Typography.Paragraph style={{ marginBlockEnd: 0 }}>{title || t('untitled')}</Typography.Paragraph>}
      <RichTextBlock html={html} />
    </div>
  );
}
