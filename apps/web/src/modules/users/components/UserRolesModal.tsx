import { pickName, type UserListItem } from '@vigil/contracts';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { useRoleOptions, useUpdateRoles } from '../api.ts';

/** Replace a member's roles. */
export function UserRolesModal({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const [form] = Form.useForm<{ roles: string[] }>();
  const roles = useRoleOptions(Boolean(user));
  const update = useUpdateRoles();
  return (
    <FormModal
      form={form}
      open={Boolean(user)}
      title={t('roles_modal.title', { name: user?.full_name ?? '' })}
      okText={t('actions.save')}
      pending={update.isPending}
      onClose={onClose}
      preserve={false}
      initialValues={{ roles: user?.roles.map((role) => role.id) ?? [] }}
      onFinish={(values) => user && update.mutate({ id: user.id, roles: values.roles }, { onSuccess: onClose })}
    >
      <Form.Item name="roles" label={t('form.roles')} rules={[{ required: true, message: t('common:validation.required') }]}>
        <Select
          mode="multiple"
          loading={roles.isLoading}
          options={(roles.data ?? []).map((role) => ({ value: role.id, label: pickName(role.name_lang, i18n.language) }))}
        />
      </Form.Item>
    </FormModal>
  );
}
