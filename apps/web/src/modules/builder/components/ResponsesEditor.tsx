import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { succeed, type Item, type ResponseSet } from '@vigil/checklist';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../state/EditorContext.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

/** The own responses of a choice question (labels of its response set). */
export function ResponsesEditor({ item, errors }: { item: Item; errors: string[] }) {
  const { t } = useTranslation('builder');
  const commands = useBuilderCommands();
  const setId = item.options.response_set_id;
  const set = useEditor((state) => state.document.responses.find((entry) => entry.uuid === setId));
  if (!setId || !set) return null;
  const change = (options: ResponseSet['options'], coalesce?: string) =>
    commands.run((doc) => succeed({ ...doc, responses: doc.responses.map((entry) => (entry.uuid === setId ? { ...entry, options } : entry)) }), coalesce ? { coalesce } : {});
  return (
    <Form.Item label={t('details.responses')} validateStatus={errors.length > 0 ? 'error' : undefined} help={errors.length > 0 ? errors.join(' ') : undefined}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {set.options.map((option, i) => (
          <Space.Compact key={option.uuid} style={{ width: '100%' }}>
            <Input
              aria-label={t('details.response_label', { n: i + 1 })}
              value={option.label}
              onChange={(event) =>
                change(
                  set.options.map((entry) => (entry.uuid === option.uuid ? { ...entry, label: event.target.value } : entry)),
                  `${setId}.${option.uuid}`,
                )
              }
            />
            <Button
              aria-label={t('details.remove_response', { n: i + 1 })}
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => change(set.options.filter((entry) => entry.uuid !== option.uuid))}
            />
          </Space.Compact>
        ))}
        <Button
          icon={<PlusOutlined aria-hidden />}
          onClick={() => change([...set.options, { uuid: crypto.randomUUID(), label: t('details.response_default', { n: set.options.length + 1 }) }])}
        >
          {t('details.add_response')}
        </Button>
      </Space>
    </Form.Item>
  );
}
