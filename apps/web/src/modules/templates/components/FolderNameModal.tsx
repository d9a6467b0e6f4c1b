import { FOLDER_NAME_MAX, NewFolderBodySchema } from '@vigil/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useSaveFolder } from '../api.ts';

/** Create a folder (in `parentId`) or rename one (`folder` given). */
export function FolderNameModal({
  folder,
  parentId,
  onClose,
}: {
  folder?: { id: string; name: string };
  parentId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['templates', 'common']);
  const [form] = Form.useForm<{ name: string }>();
  const save = useSaveFolder();
  return (
    <FormModal
      form={form}
      title={folder ? t('folder.rename_title') : t('folder.new_title')}
      okText={t('save')}
      pending={save.isPending}
      onClose={onClose}
      initialValues={{ name: folder?.name ?? '' }}
      onFinish={({ name }) =>
        save.mutate(folder ? { id: folder.id, body: { name } } : { body: { name, parent_id: parentId } }, {
          onSuccess: onClose,
          onError: (error) => showFieldErrors(form, error),
        })
      }
    >
      <Form.Item name="name" label={t('folder.name')} rules={[schemaRule(NewFolderBodySchema.shape.name, t, { required: true })]}>
        <Input autoFocus maxLength={FOLDER_NAME_MAX} />
      </Form.Item>
    </FormModal>
  );
}
