import { NewTemplateBodySchema, TEMPLATE_TITLE_MAX } from '@vigil/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormModal } from '../../../components/FormModal.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { getLanguage } from '../../../lib/language.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { builderPath, useCreateTemplate } from '../api.ts';
import { FolderPicker } from './FolderPicker.tsx';

/** An empty template (one page) in the chosen folder; the builder opens on it. */
export function NewTemplateModal({ parentId, onClose }: { parentId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['templates', 'common']);
  const [form] = Form.useForm<{ title: string; parent_id: string | null }>();
  const create = useCreateTemplate();
  const navigate = useNavigate();
  return (
    <FormModal
      form={form}
      title={t('new_template.title')}
      okText={t('new_template.submit')}
      pending={create.isPending}
      onClose={onClose}
      initialValues={{ title: '', parent_id: parentId }}
      onFinish={(values) =>
        create.mutate(
          { title: values.title, parent_id: values.parent_id ?? null, language: getLanguage() },
          { onSuccess: (template) => void navigate(builderPath(template.id)), onError: (error) => showFieldErrors(form, error) },
        )
      }
    >
      <Form.Item name="title" label={t('new_template.name')} rules={[schemaRule(NewTemplateBodySchema.shape.title, t, { required: true })]}>
        <Input autoFocus maxLength={TEMPLATE_TITLE_MAX} />
      </Form.Item>
      <Form.Item name="parent_id" label={t('folder_picker.label')}>
        <FolderPicker />
      </Form.Item>
    </FormModal>
  );
}
