import { Card, Skeleton, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/Can.tsx';
import { useConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useSaveSecuritySettings, useSecuritySettings } from '../api.ts';

/** `/settings/security` (APP_VIEW_SETTINGS; changes need APP_EDIT_SETTINGS): the workspace's sign-in requirements. */
export function SecuritySettingsPage() {
  const { t } = useTranslation('account');
  const settings = useSecuritySettings();
  const save = useSaveSecuritySettings();
  const confirm = useConfirmDialog();

  const toggle = (required: boolean) =>
    void confirm({
      title: t(required ? 'security_settings.confirm_on' : 'security_settings.confirm_off'),
      content: t(required ? 'security_settings.confirm_on_text' : 'security_settings.confirm_off_text'),
      okText: t(required ? 'security_settings.turn_on' : 'security_settings.turn_off'),
      danger: !required,
      onConfirm: () => save.mutateAsync({ two_factor_required: required }),
    });

  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('security_settings.title')}
      </Typography.Title>
      <Card>
        {settings.data ? (
          <Space align="start" size="middle">
            <Can I="APP_EDIT_SETTINGS" disabledFallback>
              <Switch
                id="two-factor-required"
                aria-describedby="two-factor-required-hint"
                checked={settings.data.two_factor_required}
                loading={save.isPending}
                onChange={toggle}
              />
            </Can>
            <div>
              <Typography.Text strong>
                <label htmlFor="two-factor-required">{t('security_settings.two_factor_required')}</label>
              </Typography.Text>
              <Typography.Paragraph type="secondary" id="two-factor-required-hint" style={{ marginBottom: 0 }}>
                {t('security_settings.two_factor_required_hint')}
              </Typography.Paragraph>
            </div>
          </Space>
        ) : (
          <Skeleton active />
        )}
      </Card>
    </div>
  );
}
