import { TEMPLATE_TITLE_MAX } from '@vigil/contracts';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getLanguage } from '../../../lib/language.ts';
import { builderPath, useCreateTemplate } from '../api.ts';
import { FolderPicker } from './FolderPicker.tsx';
import { showServerErrors } from './form-errors.ts';

/** An empty template (one page) in the chosen folder; the builder opens on it. */
export function NewTemplateModal({ parentId, onClose }: { parentId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['templates', 'common']);
  const [form] = Form.useForm<{ title: string; parent_id: string | null }>();
  const create = useCreateTemplate();
  const navigate = useNavigate();
  return (
    <Modal
      open
      title={t('new_template.title')}
      okText={t('new_template.submit')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ title: '', parent_id: parentId }}
        onFinish={(values) =>
          create.mutate(
            { title: values.title, parent_id: values.parent_id ?? null, language: getLanguage() },
            { onSuccess: (template) => navigate(builderPath(template.id)), onError: (error) => showServerErrors(form, error) },
          )
        }
      >
        <Form.Item name="title" label={t('new_template.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: TEMPLATE_TITLE_MAX, message: t('validation.max', { max: TEMPLATE_TITLE_MAX }) }]}>
          <Input autoFocus maxLength={TEMPLATE_TITLE_MAX} />
        </Form.Item>
        <Form.Item name="parent_id" label={t('folder_picker.label')}>
          <FolderPicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
