import { EditBasicInfoBodySchema, InviteUserBodySchema, LANGUAGES, pickName, type UserListItem } from '@vigil/contracts';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { isHttpError } from '../../../lib/http.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useEditBasicInfo, useInviteUser, useRoleOptions } from '../api.ts';

interface Values {
  first_name: string;
  last_name: string;
  nick_name?: string;
  email: string;
  roles?: string[];
  locale?: (typeof LANGUAGES)[number];
}

const FIELDS = ['first_name', 'last_name', 'nick_name', 'email', 'roles', 'locale'] as const;

/** Invite a person (no `user`) or edit a member's basic info (`user`). */
export function UserFormModal({ user, open, onClose }: { user?: UserListItem; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const [form] = Form.useForm<Values>();
  const invite = useInviteUser();
  const edit = useEditBasicInfo();
  const roles = useRoleOptions(open && !user);
  const pending = invite.isPending || edit.isPending;
  const required = { required: true, whitespace: true, message: t('common:validation.required') };
  // Inviting takes the same names as editing (InviteUserBodySchema).
  const fields = EditBasicInfoBodySchema.shape;
  const nameRules = [schemaRule(fields.first_name, t, { required: true })];

  const onError = (error: unknown) => {
    if (!isHttpError(error)) return;
    form.setFields(FIELDS.filter((name) => error.fieldErrors[name]).map((name) => ({ name, errors: error.fieldErrors[name] ?? [] })));
  };
  const submit = (values: Values) => {
    const names = { first_name: values.first_name, last_name: values.last_name, nick_name: values.nick_name || null };
    if (user) edit.mutate({ id: user.id, body: names }, { onSuccess: onClose, onError });
    else
      invite.mutate({ ...names, email: values.email, roles: values.roles ?? [], locale: values.locale }, { onSuccess: onClose, onError });
  };

  return (
    <FormModal
      form={form}
      open={open}
      title={user ? t('form.edit_title') : t('form.invite_title')}
      okText={user ? t('actions.save') : t('form.send_invitation')}
      pending={pending}
      onClose={onClose}
      requiredMark={false}
      preserve={false}
      initialValues={
        user ? { first_name: user.first_name, last_name: user.last_name, nick_name: user.nick_name ?? '' } : { locale: i18n.language }
      }
      onFinish={submit}
    >
      {user && <Typography.Paragraph type="secondary">{t('form.edit_hint')}</Typography.Paragraph>}
      <Form.Item name="first_name" label={t('form.first_name')} rules={nameRules}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="last_name" label={t('form.last_name')} rules={nameRules}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="nick_name" label={t('form.nick_name')} rules={[schemaRule(fields.nick_name, t)]}>
        <Input autoComplete="off" />
      </Form.Item>
      {!user && (
        <>
          <Form.Item name="email" label={t('form.email')} rules={[required, schemaRule(InviteUserBodySchema.shape.email, t)]}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="roles" label={t('form.roles')} extra={t('form.roles_hint')}>
            <Select
              mode="multiple"
              loading={roles.isLoading}
              options={(roles.data ?? []).map((role) => ({ value: role.id, label: pickName(role.name_lang, i18n.language) }))}
            />
          </Form.Item>
          <Form.Item name="locale" label={t('form.language')}>
            <Select options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))} />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
