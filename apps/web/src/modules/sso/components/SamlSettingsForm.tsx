import { CloudDownloadOutlined } from '@ant-design/icons';
import { httpUrl, type SamlProvider, type SamlSettings, type SamlSettingsBody } from '@vigil/contracts';
import { Alert, Button, Card, Col, Form, Input, Row, Segmented, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { showToast } from '../../../lib/toast.ts';
import { useReadIdpMetadata, useSaveSamlSettings } from '../api.ts';
import { ServiceProviderCard } from './ServiceProviderCard.tsx';

type Values = Omit<SamlSettingsBody, 'provider'>;
const ATTRIBUTES = ['user_id', 'email', 'first_name', 'last_name'] as const;

/** SAML 2.0 (or Okta) registration: by metadata URL or by fields, attribute mapping, enable and SSO-only switches. */
export function SamlSettingsForm({ provider, settings, canEdit }: { provider: SamlProvider; settings: SamlSettings; canEdit: boolean }) {
  const { t } = useTranslation(['sso', 'common']);
  const dates = useDateFormat();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<'metadata' | 'fields'>(settings.metadata_url ? 'metadata' : 'fields');
  const save = useSaveSamlSettings();
  const readMetadata = useReadIdpMetadata();
  const required = { required: true, message: t('common:validation.required') };
  const urlRule = schemaRule(httpUrl(), t);

  const onRead = async () => {
    const { metadata_url: url } = await form.validateFields(['metadata_url']);
    if (!url) {
      form.setFields([{ name: 'metadata_url', errors: [t('common:validation.required')] }]);
      return;
    }
    readMetadata.mutate(url, {
      onSuccess: (metadata) => {
        form.setFieldsValue(metadata);
        showToast('success', t('saml.metadata_read'));
      },
      onError: (error) => showFieldErrors(form, error),
    });
  };

  const onFinish = (values: Values) => save.mutate({ ...values, provider }, { onError: (error) => showFieldErrors(form, error) });

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={14}>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={!canEdit || save.isPending}
          onFinish={onFinish}
          initialValues={{
            enabled: settings.enabled,
            sso_only: settings.sso_only,
            metadata_url: settings.metadata_url ?? '',
            entity_id: settings.entity_id,
            sso_url: settings.sso_url,
            slo_url: settings.slo_url ?? '',
            certificate: settings.certificate,
            attributes: settings.attributes,
          }}
        >
          <Card title={t('saml.register')} size="small" style={{ marginBottom: 16 }}>
            <Segmented
              value={mode}
              onChange={(value) => setMode(value as 'metadata' | 'fields')}
              options={[
                { value: 'metadata', label: t('saml.by_metadata') },
                { value: 'fields', label: t('saml.by_fields') },
              ]}
              style={{ marginBottom: 16 }}
            />
            <Form.Item label={t('saml.metadata_url')} hidden={mode !== 'metadata'}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="metadata_url" noStyle rules={[urlRule]}>
                  <Input dir="ltr" type="url" placeholder="https://idp.example.org/metadata" aria-label={t('saml.metadata_url')} />
                </Form.Item>
                <Button icon={<CloudDownloadOutlined aria-hidden />} loading={readMetadata.isPending} onClick={() => void onRead()}>
                  {t('saml.read_metadata')}
                </Button>
              </Space.Compact>
            </Form.Item>
            <Form.Item name="entity_id" label={t('saml.entity_id')} rules={[required]}>
              <Input dir="ltr" />
            </Form.Item>
            <Form.Item name="sso_url" label={t('saml.sso_url')} rules={[required, urlRule]}>
              <Input dir="ltr" type="url" />
            </Form.Item>
            <Form.Item name="slo_url" label={t('saml.slo_url')} rules={[urlRule]}>
              <Input dir="ltr" type="url" />
            </Form.Item>
            <Form.Item name="certificate" label={t('saml.certificate')} extra={t('saml.certificate_hint')} rules={[required]}>
              <Input.TextArea dir="ltr" rows={6} spellCheck={false} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
            {settings.certificate_info && (
              <Typography.Paragraph type="secondary">
                {t('saml.certificate_info', {
                  subject: settings.certificate_info.subject,
                  date: dates.date(settings.certificate_info.valid_to),
                })}
              </Typography.Paragraph>
            )}
          </Card>
          <Card title={t('saml.attributes')} size="small" style={{ marginBottom: 16 }}>
            <Typography.Paragraph type="secondary">{t('saml.attributes_hint')}</Typography.Paragraph>
            <Row gutter={16}>
              {ATTRIBUTES.map((name) => (
                <Col xs={24} md={12} key={name}>
                  <Form.Item name={['attributes', name]} label={t(`saml.${name}`)} rules={[required]}>
                    <Input dir="ltr" />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Card>
          <Card size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="enabled" label={t('saml.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="sso_only" label={t('saml.sso_only')} extra={t('saml.sso_only_hint')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Alert type="info" showIcon title={t('saml.members_only')} />
          </Card>
          {canEdit && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          )}
        </Form>
      </Col>
      <Col xs={24} xl={10}>
        <ServiceProviderCard sp={settings.service_provider} />
      </Col>
    </Row>
  );
}
