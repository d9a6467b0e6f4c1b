import { buildContext, fixDeprecatedItem, getItemType, updateItem, validateItem, type ValidationIssue } from '@vigil/checklist';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CalculationField } from '../modals/CalculationField.tsx';
import { optionFieldsOf } from '../option-fields.ts';
import { useEditor } from '../state/EditorContext.tsx';
import { OptionInput } from './OptionInput.tsx';
import { ResponsesEditor } from './ResponsesEditor.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

const CHOICE_TYPES = new Set(['yesno', 'switch', 'oknot', 'list', 'dropdown']);

/** The selected question's title, type and options from the registry, with the spec's messages. */
export function DetailsPanel() {
  const { t } = useTranslation(['builder', 'checklist']);
  const commands = useBuilderCommands();
  const document = useEditor((state) => state.document);
  const selectedId = useEditor((state) => state.selectedId);
  const index = useMemo(() => (selectedId ? document.items.findIndex((item) => item.id === selectedId) : -1), [document, selectedId]);
  const item = index >= 0 ? document.items[index] : undefined;
  const issues = useMemo(() => (item ? validateItem(buildContext(document), item, index) : []), [document, item, index]);

  const heading = <h2 style={{ fontSize: 16, margin: 0 }}>{t('details.title')}</h2>;
  if (!item || item.depth === 0) {
    return (
      <Card size="small" title={heading}>
        <Typography.Text type="secondary">{t('details.none')}</Typography.Text>
      </Card>
    );
  }
  const definition = getItemType(item.type);
  const prefix = `items.${index}.`;
  const messagesAt = (path: string) =>
    issues.filter((entry: ValidationIssue) => entry.path === `${prefix}${path}` && entry.severity === 'error').map((entry) => t(`checklist:messages.${entry.code}`, entry.params));
  const fields = optionFieldsOf(item.type).filter((field) => !(field.key === 'default_value' && CHOICE_TYPES.has(item.type)));
  const shown = new Set([...fields.map((field) => `${prefix}options.${field.key}`), `${prefix}options.response_set_id`]);
  const other = issues.filter((entry) => !shown.has(entry.path) && entry.severity === 'error');

  return (
    <Card size="small" title={heading} data-testid="details-panel">
      {definition.fixTo && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBlockEnd: 12 }}
          title={t('checklist:messages.CKL_DEPRECATED_TYPE', { replacement: t(`types.${definition.fixTo}`) })}
          action={
            <Button size="small" onClick={() => commands.run((doc) => fixDeprecatedItem(doc, item.id))}>
              {t('details.fix')}
            </Button>
          }
        />
      )}
      {other.map((entry) => (
        <Alert key={`${entry.path}:${entry.code}`} type="error" showIcon style={{ marginBlockEnd: 8 }} title={t(`checklist:messages.${entry.code}`, entry.params)} />
      ))}
      <Form layout="vertical" component="div">
        <Form.Item label={t('details.type')}>
          <Typography.Text strong>{t(`types.${item.type}`)}</Typography.Text>
        </Form.Item>
        <Form.Item label={t('details.title_field')} htmlFor="details-title">
          <Input
            id="details-title"
            value={item.title}
            onChange={(event) => commands.run((doc) => updateItem(doc, item.id, { title: event.target.value }), { coalesce: `${item.id}.title` })}
          />
        </Form.Item>
        {CHOICE_TYPES.has(item.type) && <ResponsesEditor item={item} errors={messagesAt('options.response_set_id')} />}
        {item.type === 'calculation' && <CalculationField item={item} />}
        {fields.map((field) => (
          <OptionInput
            key={field.key}
            item={item}
            field={field}
            required={definition.requiredOptions.includes(field.key)}
            errors={messagesAt(`options.${field.key}`)}
            onChange={(value) => commands.run((doc) => updateItem(doc, item.id, { options: { [field.key]: value } }), { coalesce: `${item.id}.${field.key}` })}
          />
        ))}
      </Form>
    </Card>
  );
}
