import {
  GlobalResponseOptionSchema,
  LANGUAGES,
  OPTION_LABEL_MAX,
  RTL_LANGUAGES,
  type GlobalResponse,
  type Language,
} from '@vigil/contracts';
import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useSaveGlobalResponseLanguage } from '../api.ts';

/**
 * The options' labels in one language, next to the original labels. Blank labels are left out of
 * the call, so that option falls back to its original label in that language.
 */
export function GlobalResponseLanguageModal({ set, onClose }: { set: GlobalResponse; onClose: () => void }) {
  const { t } = useTranslation(['templates', 'common']);
  const [lang, setLang] = useState<Language>(LANGUAGES[1]);
  const [form] = Form.useForm<{ labels: Record<string, string> }>();
  const save = useSaveGlobalResponseLanguage();
  const labelsIn = (language: Language) => {
    const stored = new Map((set.options_lang[language] ?? []).map((option) => [option.uuid, option.label]));
    return Object.fromEntries(set.options.map((option) => [option.uuid, stored.get(option.uuid) ?? '']));
  };
  const chooseLanguage = (next: Language) => {
    setLang(next);
    form.setFieldsValue({ labels: labelsIn(next) });
  };
  return (
    <FormModal
      form={form}
      title={t('responses.languages_title', { name: set.name })}
      okText={t('save')}
      pending={save.isPending}
      onClose={onClose}
      initialValues={{ labels: labelsIn(lang) }}
      onFinish={(values) => {
        const options = set.options.flatMap((option) => {
          const label = values.labels?.[option.uuid]?.trim();
          return label ? [{ uuid: option.uuid, label }] : [];
        });
        save.mutate({ id: set.id, lang, options }, { onSuccess: onClose, onError: (error) => showFieldErrors(form, error) });
      }}
    >
      <Form.Item label={t('responses.language')}>
        <Select<Language>
          aria-label={t('responses.language')}
          value={lang}
          onChange={chooseLanguage}
          options={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
        />
      </Form.Item>
      {set.options.map((option) => (
        <Form.Item
          key={option.uuid}
          name={['labels', option.uuid]}
          label={option.label}
          rules={[schemaRule(GlobalResponseOptionSchema.shape.label, t)]}
        >
          <Input
            maxLength={OPTION_LABEL_MAX}
            dir={(RTL_LANGUAGES as readonly string[]).includes(lang) ? 'rtl' : 'ltr'}
            placeholder={option.label}
          />
        </Form.Item>
      ))}
    </FormModal>
  );
}
