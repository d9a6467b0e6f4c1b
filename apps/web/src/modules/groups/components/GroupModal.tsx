import { GroupNameSchema, type Group } from '@vigil/contracts';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { NameLangFields } from '../../../components/NameLangFields.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { useSaveGroup } from '../api.ts';

/** Add a group (`group` null) or rename one; a name in at least one language. */
export function GroupModal({ group, open, onClose }: { group: Group | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['groups', 'common']);
  const [form] = Form.useForm<{ name_lang: Record<string, string> }>();
  const save = useSaveGroup();
  return (
    <FormModal
      form={form}
      open={open}
      title={group ? t('edit_title') : t('add_title')}
      okText={t('save')}
      pending={save.isPending}
      onClose={onClose}
      preserve={false}
      initialValues={{ name_lang: group?.name_lang ?? {} }}
      onFinish={(values) =>
        save.mutate({ id: group?.id, body: values }, { onSuccess: onClose, onError: (error) => showFieldErrors(form, error) })
      }
    >
      <Typography.Paragraph type="secondary">{t('names_hint')}</Typography.Paragraph>
      <NameLangFields nameSchema={GroupNameSchema} labelOf={(language) => t(`languages.${language}`)} />
    </FormModal>
  );
}
