import { httpUrl, type CasSettings, type CasSettingsBody } from '@vigil/contracts';
import { Button, Card, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useSaveCasSettings } from '../api.ts';

/** The app settings' CAS keys (spec 1 §3): when enabled, the sign-in entry goes to the CAS server. */
export function CasSettingsForm({ settings, canEdit }: { settings: CasSettings; canEdit: boolean }) {
  const { t } = useTranslation(['sso', 'common']);
  const urlRule = schemaRule(httpUrl(), t);
  const [form] = Form.useForm<CasSettingsBody>();
  const save = useSaveCasSettings();
  const enabled = Form.useWatch('cas_enabled', form);

  return (
    <Card title={t('cas.title')} size="small" style={{ maxWidth: 720 }}>
      <Form<CasSettingsBody>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={!canEdit || save.isPending}
        initialValues={{
          cas_enabled: settings.cas_enabled,
          cas_url: settings.cas_url ?? '',
          cas_logout_url: settings.cas_logout_url ?? '',
          cas_assertion_key: settings.cas_assertion_key ?? '',
          cas_target_key: settings.cas_target_key ?? '',
        }}
        onFinish={(values) => save.mutate(values, { onError: (error) => showFieldErrors(form, error) })}
      >
        <Form.Item name="cas_enabled" label={t('cas.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="cas_url"
          label={t('cas.url')}
          extra={t('cas.url_hint')}
          rules={[{ required: Boolean(enabled), message: t('common:validation.required') }, urlRule]}
        >
          <Input dir="ltr" type="url" placeholder="https://cas.example.org/cas" />
        </Form.Item>
        <Form.Item name="cas_logout_url" label={t('cas.logout_url')} rules={[urlRule]}>
          <Input dir="ltr" type="url" />
        </Form.Item>
        <Form.Item name="cas_assertion_key" label={t('cas.assertion_key')} extra={t('cas.assertion_key_hint')}>
          <Input dir="ltr" maxLength={64} />
        </Form.Item>
        <Form.Item name="cas_target_key" label={t('cas.target_key')} extra={t('cas.target_key_hint')}>
          <Input dir="ltr" maxLength={64} placeholder="service" />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
