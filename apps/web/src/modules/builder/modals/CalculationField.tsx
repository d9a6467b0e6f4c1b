import type { Item } from '@vigil/checklist';
import { Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuilderCommands } from '../components/useBuilderCommands.tsx';
import { useEditor } from '../state/EditorContext.tsx';
import { CalculationModal } from './CalculationModal.tsx';

/** The details panel's formula of a calculation item, with the button that opens its editor. */
export function CalculationField({ item }: { item: Item }) {
  const { t } = useTranslation('builder-modals');
  const commands = useBuilderCommands();
  const document = useEditor((state) => state.document);
  const [open, setOpen] = useState(false);
  const formula = item.options.calculations?.value ?? '';
  return (
    <Form.Item label={t('calculation.formula')}>
      <Typography.Paragraph
        code={formula !== ''}
        type={formula === '' ? 'secondary' : undefined}
        style={{ direction: 'ltr' }}
        data-testid="calculation-formula"
      >
        {formula || t('calculation.empty')}
      </Typography.Paragraph>
      <Button onClick={() => setOpen(true)}>{t('calculation.edit')}</Button>
      {open && (
        <CalculationModal
          document={document}
          itemId={item.id}
          open
          onApply={(next) => {
            commands.applyDocument(next);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </Form.Item>
  );
}
