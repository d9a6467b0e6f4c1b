import { RoleNameSchema, type Role } from '@vigil/contracts';
import { Button, Checkbox, Drawer, Form, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NameLangFields } from '../../../components/NameLangFields.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { useSaveRole } from '../api.ts';
import { PermissionPicker } from './PermissionPicker.tsx';

interface Values {
  name_lang: Partial<Record<string, string>>;
  permissions: string[];
  isDefault: boolean;
}

/** New role (`role` null), edit (a custom role) or read-only view (a system role). */
export function RoleDrawer({ role, open, onClose }: { role: Role | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['roles', 'common']);
  const [form] = Form.useForm<Values>();
  const save = useSaveRole();
  const readOnly = Boolean(role?.is_system);
  const title = readOnly ? t('form.view_title') : role ? t('form.edit_title') : t('form.new_title');

  const submit = (values: Values) =>
    save.mutate(
      { id: role?.id, body: values },
      {
        onSuccess: onClose,
        onError: (error) => showFieldErrors(form, error),
      },
    );

  return (
    <Drawer
      open={open}
      title={title}
      size="large"
      onClose={onClose}
      destroyOnHidden
      extra={
        !readOnly && (
          <Space>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {t('actions.save')}
            </Button>
          </Space>
        )
      }
    >
      {readOnly && <Typography.Paragraph type="secondary">{t('system_hint')}</Typography.Paragraph>}
      <Form
        form={form}
        layout="vertical"
        disabled={readOnly}
        preserve={false}
        initialValues={{ name_lang: role?.name_lang ?? {}, permissions: role?.permissions ?? [], isDefault: role?.isDefault ?? false }}
        onFinish={submit}
      >
        <Typography.Title level={5}>{t('form.names')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('form.names_hint')}</Typography.Paragraph>
        <NameLangFields nameSchema={RoleNameSchema} labelOf={(language) => t(`languages.${language}`)} />
        {!role?.isDefault && (
          <Form.Item name="isDefault" valuePropName="checked">
            <Checkbox>{t('form.is_default')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="permissions" label={t('form.permissions')}>
          <PermissionPicker />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
