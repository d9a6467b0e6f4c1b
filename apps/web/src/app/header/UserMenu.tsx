import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fileUrl } from '../../lib/files.ts';
import { KB_PATH, PLANS_PATH } from '../../lib/paths.ts';
import { useAppAbility } from '../../lib/permissions.ts';
import { useLogout, useSession } from '../../lib/session.ts';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

export function UserMenu() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const ability = useAppAbility();
  const navigate = useNavigate();
  const logout = useLogout();
  if (!session) return null;
  const { userData } = session;

  const items: MenuProps['items'] = [
    {
      key: 'me',
      type: 'group',
      label: (
        <span className="user-menu__identity">
          <strong>{userData.full_name}</strong>
          <span>{userData.email}</span>
        </span>
      ),
    },
    { type: 'divider' },
    { key: '/user/account-settings', label: t('user_menu.account_settings') },
    { key: '/settings/workspaces', label: t('user_menu.workspaces') },
    ...(ability.can('call', 'APP_VIEW_SETTINGS')
      ? [
          { key: '/settings/organization', label: t('user_menu.organization_settings') },
          { key: '/settings/security', label: t('user_menu.security_settings') },
          { key: '/settings/organization/auth/saml2', label: t('user_menu.sso_settings') },
        ]
      : []),
    { key: PLANS_PATH, label: t('user_menu.plans') },
    { key: KB_PATH, label: t('user_menu.help') },
    { type: 'divider' },
    { key: 'logout', 'data-testid': 'logout', danger: true, icon: <LogoutOutlined />, label: t('user_menu.logout') },
  ];

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => (key === 'logout' ? logout.mutate() : void navigate(key)),
      }}
    >
      <Button type="text" className="user-menu__trigger" aria-label={t('user_menu.label')} data-testid="user-menu">
        <Avatar
          size="small"
          src={userData.avatar ? fileUrl(userData.avatar) : undefined}
          icon={userData.avatar ? undefined : <UserOutlined />}
          alt=""
        >
          {initials(userData.full_name)}
        </Avatar>
        <span className="user-menu__name">{userData.full_name}</span>
      </Button>
    </Dropdown>
  );
}
