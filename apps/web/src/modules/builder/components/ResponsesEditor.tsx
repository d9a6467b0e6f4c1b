import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_RESPONSE_OPTIONS, setOwnResponses, type Item, type ResponseOption } from '@vigil/checklist';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionScoreInput } from '../scoring/OptionScoreInput.tsx';
import { useEditor } from '../state/EditorContext.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

/**
 * The own responses of a choice question: label and, with scoring on, score of each option. A yes/no,
 * ok/not ok or switch question without a set shows its type's default options (labels in the interface
 * language, same ids); its first edit gives it a set of its own (`setOwnResponses`).
 */
export function ResponsesEditor({ item, errors }: { item: Item; errors: string[] }) {
  const { t } = useTranslation(['builder', 'checklist-renderer']);
  const commands = useBuilderCommands();
  const setId = item.options.response_set_id;
  const set = useEditor((state) => (setId ? state.document.responses.find((entry) => entry.uuid === setId) : undefined));
  const defaults = DEFAULT_RESPONSE_OPTIONS[item.type];
  const options: readonly ResponseOption[] | undefined =
    set?.options ?? defaults?.map((option) => ({ ...option, label: t(`checklist-renderer:choices.${option.uuid}`) }));
  if (item.options.options_type === 'global' || !options) return null;
  const scored = item.options.enable_score === true;
  const change = (next: ResponseOption[], coalesce?: string) =>
    commands.run((doc) => setOwnResponses(doc, item.id, next), coalesce ? { coalesce } : {});
  const edit = (uuid: string, patch: Partial<ResponseOption>) =>
    options.map((entry) => (entry.uuid === uuid ? { ...entry, ...patch } : entry));
  return (
    <Form.Item
      label={t('details.responses')}
      validateStatus={errors.length > 0 ? 'error' : undefined}
      help={errors.length > 0 ? errors.join(' ') : undefined}
    >
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="own-responses">
        {options.map((option, i) => (
          <div key={option.uuid} className="builder-response-row" data-response={option.uuid}>
            <Input
              style={{ flex: 1, minWidth: 0 }}
              aria-label={t('details.response_label', { n: i + 1 })}
              value={option.label}
              onChange={(event) => change(edit(option.uuid, { label: event.target.value }), `${item.id}.${option.uuid}.label`)}
            />
            {scored && (
              <OptionScoreInput
                label={t('scoring.option_score', { n: i + 1 })}
                placeholder={t('scoring.score')}
                value={option.score}
                onChange={(score) => change(edit(option.uuid, { score }), `${item.id}.${option.uuid}.score`)}
              />
            )}
            <Button
              aria-label={t('details.remove_response', { n: i + 1 })}
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => change(options.filter((entry) => entry.uuid !== option.uuid))}
            />
          </div>
        ))}
        <Button
          icon={<PlusOutlined aria-hidden />}
          onClick={() =>
            change([...options, { uuid: crypto.randomUUID(), label: t('details.response_default', { n: options.length + 1 }) }])
          }
        >
          {t('details.add_response')}
        </Button>
      </Space>
    </Form.Item>
  );
}
