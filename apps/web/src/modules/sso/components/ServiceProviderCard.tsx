import { DownloadOutlined } from '@ant-design/icons';
import type { ServiceProviderInfo } from '@vigil/contracts';
import { Button, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the IdP's administrator needs from us: entity id, ACS URL, our metadata file, and the members' entry. */
export function ServiceProviderCard({ sp }: { sp: ServiceProviderInfo }) {
  const { t } = useTranslation('sso');
  const copyable = (value: string) => <Typography.Text copyable={{ text: value }}>{value}</Typography.Text>;
  return (
    <Card title={t('saml.sp_title')} size="small">
      <Typography.Paragraph type="secondary">{t('saml.sp_hint')}</Typography.Paragraph>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('saml.sp_entity_id')}>{copyable(sp.entity_id)}</Descriptions.Item>
        <Descriptions.Item label={t('saml.sp_acs_url')}>{copyable(sp.acs_url)}</Descriptions.Item>
        <Descriptions.Item label={t('saml.sp_login_url')}>{copyable(sp.login_url)}</Descriptions.Item>
      </Descriptions>
      <Button icon={<DownloadOutlined aria-hidden />} href={sp.metadata_url} download="vigil-sp-metadata.xml" style={{ marginTop: 16 }}>
        {t('saml.download_metadata')}
      </Button>
    </Card>
  );
}
