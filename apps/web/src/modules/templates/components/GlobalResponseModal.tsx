import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  GLOBAL_RESPONSE_NAME_MAX,
  GLOBAL_RESPONSE_OPTIONS_MAX,
  GlobalResponseBodySchema,
  GlobalResponseOptionSchema,
  OPTION_LABEL_MAX,
  type GlobalResponse,
  type GlobalResponseBody,
} from '@vigil/contracts';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useSaveGlobalResponse } from '../api.ts';
import { RESPONSE_COLORS } from './response-colors.ts';

type Values = { name: string; options: { uuid?: string; label: string; color: string | null; score: number | null }[] };

const NEW_SET: Values = {
  name: '',
  options: [
    { label: '', color: RESPONSE_COLORS[0].hex, score: 1 },
    { label: '', color: RESPONSE_COLORS[1].hex, score: 0 },
  ],
};

/** Create (`set` null) or edit a global response set: a name and its options with label, colour and score. */
export function GlobalResponseModal({ set, onClose }: { set: GlobalResponse | null; onClose: () => void }) {
  const { t } = useTranslation(['templates', 'common']);
  const [form] = Form.useForm<Values>();
  const save = useSaveGlobalResponse();
  const optionLabelRule = schemaRule(GlobalResponseOptionSchema.shape.label, t, { required: true });
  return (
    <FormModal<Values>
      form={form}
      width={720}
      title={set ? t('responses.edit_title') : t('responses.new_title')}
      okText={t('save')}
      pending={save.isPending}
      onClose={onClose}
      initialValues={set ? { name: set.name, options: set.options } : NEW_SET}
      onFinish={(values) => {
        const body: GlobalResponseBody = {
          name: values.name,
          options: values.options.map((option) => ({
            ...(option.uuid ? { uuid: option.uuid } : {}),
            label: option.label,
            color: option.color ?? null,
            score: option.score ?? null,
          })),
        };
        save.mutate({ id: set?.id, body }, { onSuccess: onClose, onError: (error) => showFieldErrors(form, error) });
      }}
    >
      <Form.Item name="name" label={t('responses.name')} rules={[schemaRule(GlobalResponseBodySchema.shape.name, t, { required: true })]}>
        <Input maxLength={GLOBAL_RESPONSE_NAME_MAX} />
      </Form.Item>
      <Form.List
        name="options"
        rules={[
          {
            validator: async (_, options: unknown[]) =>
              options?.length ? undefined : Promise.reject(new Error(t('responses.one_option'))),
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <fieldset>
            <legend>{t('responses.options')}</legend>
            {fields.map((field, index) => (
              <Space key={field.key} align="start" wrap style={{ display: 'flex' }}>
                <Form.Item name={[field.name, 'label']} label={t('responses.option_label', { n: index + 1 })} rules={[optionLabelRule]}>
                  <Input maxLength={OPTION_LABEL_MAX} style={{ width: 240 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'color']} label={t('responses.color')}>
                  <Select
                    style={{ width: 150 }}
                    aria-label={t('responses.color_of', { n: index + 1 })}
                    options={RESPONSE_COLORS.map((color) => ({
                      value: color.hex,
                      label: (
                        <Space size={6}>
                          <span
                            aria-hidden
                            style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 2, background: color.hex }}
                          />
                          {t(`colors.${color.key}`)}
                        </Space>
                      ),
                    }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'score']} label={t('responses.score')}>
                  <InputNumber style={{ width: 100 }} />
                </Form.Item>
                <Form.Item label=" ">
                  <Button
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('responses.remove_option', { n: index + 1 })}
                    disabled={fields.length <= 1}
                    onClick={() => remove(field.name)}
                  />
                </Form.Item>
              </Space>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={fields.length >= GLOBAL_RESPONSE_OPTIONS_MAX}
              onClick={() => add({ label: '', color: null, score: null })}
            >
              {t('responses.add_option')}
            </Button>
          </fieldset>
        )}
      </Form.List>
    </FormModal>
  );
}
