import {
  ChangeBasicInfoBodySchema,
  ChangePasswordBodySchema,
  LANGUAGES,
  PASSWORD_MIN_LENGTH,
  TIME_ZONES,
  type ChangePasswordBody,
  type ChangePreferenceBody,
  type Gender,
} from '@vigil/contracts';
import { Button, Card, Form, Input, Select, Switch, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useSession } from '../../../lib/session.ts';
import { useChangeBasicInfo, useChangePassword, useChangePreferences, useMyProfile } from '../api.ts';
import { AvatarSection } from '../components/AvatarSection.tsx';
import { BIRTH_DATE_FORMAT, GeneralInfoFields } from '../components/GeneralInfoFields.tsx';
import { TwoFactorSection } from '../components/TwoFactorSection.tsx';

interface BasicInfoValues {
  first_name: string;
  last_name: string;
  nick_name: string;
  gender?: Gender;
  birth_date?: Dayjs | null;
  mobile?: string;
}

function BasicInfoForm() {
  const { t } = useTranslation(['account', 'common']);
  const session = useSession();
  const [form] = Form.useForm<BasicInfoValues>();
  const save = useChangeBasicInfo();
  const profile = useMyProfile().data;
  const user = session?.userData;
  // The mobile number is not part of the session: it arrives with the profile.
  useEffect(() => {
    if (profile && !form.isFieldTouched('mobile')) form.setFieldValue('mobile', profile.mobile ?? '');
  }, [profile, form]);
  const submit = ({ gender, birth_date, mobile, ...names }: BasicInfoValues) => {
    const body = {
      ...names,
      gender: gender ?? null,
      birth_date: birth_date ? birth_date.format(BIRTH_DATE_FORMAT) : null,
      // Until the profile has answered, the number is unknown here: leave it as it is.
      ...(profile ? { mobile: mobile ?? '' } : {}),
    };
    save.mutate(body, { onError: (error) => showFieldErrors(form, error) });
  };
  const fields = ChangeBasicInfoBodySchema.shape;
  const nameRules = [schemaRule(fields.first_name, t, { required: true })];
  return (
    <>
      <AvatarSection />
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{
          first_name: user?.first_name,
          last_name: user?.last_name,
          nick_name: user?.nick_name ?? '',
          gender: (user?.gender as Gender | null) ?? undefined,
          birth_date: user?.birth_date ? dayjs(user.birth_date, BIRTH_DATE_FORMAT) : null,
        }}
        onFinish={submit}
      >
        <Form.Item label={t('basic.email')} htmlFor="account-email">
          <Input id="account-email" value={user?.email} disabled />
        </Form.Item>
        <Form.Item name="first_name" label={t('basic.first_name')} rules={nameRules}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item name="last_name" label={t('basic.last_name')} rules={nameRules}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item name="nick_name" label={t('basic.nick_name')} rules={[schemaRule(fields.nick_name, t)]}>
          <Input autoComplete="nickname" />
        </Form.Item>
        <GeneralInfoFields />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </Form>
    </>
  );
}

function PasswordForm() {
  const { t } = useTranslation(['account', 'common']);
  const [form] = Form.useForm<ChangePasswordBody>();
  const change = useChangePassword();
  const required = { required: true, message: t('common:validation.required') };
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      onFinish={(values) =>
        change.mutate(values, { onSuccess: () => form.resetFields(), onError: (error) => showFieldErrors(form, error) })
      }
    >
      <Form.Item name="current_password" label={t('password.current')} rules={[required]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={t('password.new')}
        extra={t('password.hint', { count: PASSWORD_MIN_LENGTH })}
        rules={[required, schemaRule(ChangePasswordBodySchema.shape.new_password, t)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="password_confirmation"
        label={t('password.confirm')}
        dependencies={['new_password']}
        rules={[
          required,
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || value === getFieldValue('new_password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('common:validation.password_mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}

function PreferencesForm() {
  const { t } = useTranslation(['account', 'common']);
  const session = useSession();
  const [form] = Form.useForm<ChangePreferenceBody>();
  const save = useChangePreferences();
  const user = session?.userData;
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ locale: user?.locale, tz_code: user?.tz_code ?? null, humanize_dates: user?.preferences.humanize_dates !== false }}
      onFinish={(values) => save.mutate(values, { onError: (error) => showFieldErrors(form, error) })}
    >
      <Form.Item name="locale" label={t('preferences.language')}>
        <Select options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))} />
      </Form.Item>
      <Form.Item name="tz_code" label={t('preferences.time_zone')}>
        <Select
          showSearch
          allowClear
          optionFilterProp="label"
          placeholder={t('preferences.time_zone_placeholder')}
          options={TIME_ZONES.map((zone) => ({ value: zone.tzCode, label: zone.label }))}
        />
      </Form.Item>
      <Form.Item
        name="humanize_dates"
        label={t('preferences.humanize_dates')}
        valuePropName="checked"
        extra={t('preferences.humanize_dates_hint')}
      >
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
}

/** `/user/account-settings`: any signed-in user's profile, password and preferences. */
export function AccountSettingsPage() {
  const { t } = useTranslation('account');
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('title')}
      </Typography.Title>
      <Card>
        <Tabs
          items={[
            { key: 'basic', label: t('tabs.basic'), children: <BasicInfoForm /> },
            { key: 'password', label: t('tabs.password'), children: <PasswordForm /> },
            { key: 'preferences', label: t('tabs.preferences'), children: <PreferencesForm /> },
            { key: 'two_factor', label: t('tabs.two_factor'), children: <TwoFactorSection /> },
          ]}
        />
      </Card>
    </div>
  );
}
