import {
  buildContext,
  fixDeprecatedItem,
  getItemType,
  hasResponseSet,
  updateItem,
  validateItem,
  type ValidationIssue,
} from '@vigil/checklist';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CalculationField } from '../modals/CalculationField.tsx';
import { optionFieldsOf } from '../option-fields.ts';
import { useEditor } from '../state/EditorContext.tsx';
import { OptionInput } from './OptionInput.tsx';
import { ScoringFields } from '../scoring/ScoringFields.tsx';
import { GlobalListSourceField } from './GlobalListSourceField.tsx';
import { ResponseSourceField } from './ResponseSourceField.tsx';
import { ResponsesEditor } from './ResponsesEditor.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

const sameStrings = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((entry, i) => entry === b[i]);

// Typing in the title makes a new item with the same options object: the option fields, responses
// and calculation re-render only when what they show changes (their callbacks depend on the item's id
// and field only).
const sameOptionInput = (a: Parameters<typeof OptionInput>[0], b: Parameters<typeof OptionInput>[0]) =>
  a.item.id === b.item.id &&
  a.field === b.field &&
  a.required === b.required &&
  (a.item.options as Record<string, unknown>)[a.field.key] === (b.item.options as Record<string, unknown>)[b.field.key] &&
  sameStrings(a.errors, b.errors);
const MemoOptionInput = memo(OptionInput, sameOptionInput);
const MemoResponsesEditor = memo(
  ResponsesEditor,
  (a, b) => a.item.id === b.item.id && a.item.options === b.item.options && sameStrings(a.errors, b.errors),
);
const MemoResponseSourceField = memo(
  ResponseSourceField,
  (a, b) => a.item.id === b.item.id && a.item.options === b.item.options && sameStrings(a.errors, b.errors),
);
const MemoGlobalListSourceField = memo(
  GlobalListSourceField,
  (a, b) => a.item.id === b.item.id && a.item.options === b.item.options && sameStrings(a.errors, b.errors),
);
const MemoScoringFields = memo(ScoringFields, (a, b) => a.item.id === b.item.id && a.item.options === b.item.options);
const MemoCalculationField = memo(CalculationField, (a, b) => a.item.id === b.item.id && a.item.options === b.item.options);

/**
 * The selected question's title, type and options from the registry, with the spec's messages. The
 * messages come from a deferred copy of the document: the check of the item against the whole
 * document runs after the keystroke's frame is painted, not before it.
 */
export function DetailsPanel() {
  const { t } = useTranslation(['builder', 'checklist']);
  const commands = useBuilderCommands();
  const document = useEditor((state) => state.document);
  const selectedId = useEditor((state) => state.selectedId);
  const checked = useDeferredValue(document);
  const item = useMemo(() => (selectedId ? document.items.find((entry) => entry.id === selectedId) : undefined), [document, selectedId]);
  const { issues, index } = useMemo(() => {
    const at = selectedId ? checked.items.findIndex((entry) => entry.id === selectedId) : -1;
    return { index: at, issues: at >= 0 ? validateItem(buildContext(checked), checked.items[at], at) : [] };
  }, [checked, selectedId]);

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
    issues
      .filter((entry: ValidationIssue) => entry.path === `${prefix}${path}` && entry.severity === 'error')
      .map((entry) => t(`checklist:messages.${entry.code}`, entry.params));
  const fields = optionFieldsOf(item.type).filter((field) => !(field.key === 'default_value' && hasResponseSet(item.type)));
  const shown = new Set([
    ...fields.map((field) => `${prefix}options.${field.key}`),
    `${prefix}options.response_set_id`,
    ...(item.type === 'global_list' ? [`${prefix}options.global_list_uuid`, `${prefix}options.global_list_id`] : []),
  ]);
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
        <Alert
          key={`${entry.path}:${entry.code}`}
          type="error"
          showIcon
          style={{ marginBlockEnd: 8 }}
          title={t(`checklist:messages.${entry.code}`, entry.params)}
        />
      ))}
      <Form layout="vertical" component="div">
        <Form.Item label={t('details.type')}>
          <Typography.Text strong>{t(`types.${item.type}`)}</Typography.Text>
        </Form.Item>
        <Form.Item label={t('details.title_field')} htmlFor="details-title">
          <Input
            id="details-title"
            value={item.title}
            onChange={(event) =>
              commands.run((doc) => updateItem(doc, item.id, { title: event.target.value }), { coalesce: `${item.id}.title` })
            }
          />
        </Form.Item>
        {hasResponseSet(item.type) && (
          <>
            <MemoResponseSourceField
              item={item}
              errors={item.options.options_type === 'global' ? messagesAt('options.response_set_id') : []}
            />
            <MemoResponsesEditor item={item} errors={item.options.options_type === 'global' ? [] : messagesAt('options.response_set_id')} />
          </>
        )}
        {item.type === 'global_list' && (
          <MemoGlobalListSourceField
            item={item}
            errors={[...new Set([...messagesAt('options.global_list_uuid'), ...messagesAt('options.global_list_id')])]}
          />
        )}
        <MemoScoringFields item={item} />
        {item.type === 'calculation' && <MemoCalculationField item={item} />}
        {fields.map((field) => (
          <MemoOptionInput
            key={field.key}
            item={item}
            field={field}
            required={definition.requiredOptions.includes(field.key)}
            errors={messagesAt(`options.${field.key}`)}
            onChange={(value) =>
              commands.run((doc) => updateItem(doc, item.id, { options: { [field.key]: value } }), { coalesce: `${item.id}.${field.key}` })
            }
          />
        ))}
      </Form>
    </Card>
  );
}
