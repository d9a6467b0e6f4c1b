import { FOLDER_NAME_MAX } from '@vigil/contracts';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveFolder } from '../api.ts';
import { showServerErrors } from './form-errors.ts';

/** Create a folder (in `parentId`) or rename one (`folder` given). */
export function FolderNameModal({ folder, parentId, onClose }: { folder?: { id: string; name: string }; parentId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['templates', 'common']);
  const [form] = Form.useForm<{ name: string }>();
  const save = useSaveFolder();
  return (
    <Modal
      open
      title={folder ? t('folder.rename_title') : t('folder.new_title')}
      okText={t('save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: folder?.name ?? '' }}
        onFinish={({ name }) =>
          save.mutate(
            { id: folder?.id, body: folder ? { name } : { name, parent_id: parentId } },
            { onSuccess: onClose, onError: (error) => showServerErrors(form, error) },
          )
        }
      >
        <Form.Item name="name" label={t('folder.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: FOLDER_NAME_MAX, message: t('validation.max', { max: FOLDER_NAME_MAX }) }]}>
          <Input autoFocus maxLength={FOLDER_NAME_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
