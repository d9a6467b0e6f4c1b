import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo.tsx';
import { HOME_PATH } from '../../lib/paths.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { SkinSwitcher } from './SkinSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';

interface AppHeaderProps {
  menuCollapsed: boolean;
  onToggleMenu: () => void;
}

export function AppHeader({ menuCollapsed, onToggleMenu }: AppHeaderProps) {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  return (
    <Layout.Header
      className="app-header"
      style={{ background: token.colorBgContainer, borderBlockEnd: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Button
        type="text"
        icon={menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggleMenu}
        aria-label={t(menuCollapsed ? 'menu.expand' : 'menu.collapse')}
        aria-expanded={!menuCollapsed}
        aria-controls="side-menu"
      />
      <Link to={HOME_PATH} className="app-header__brand">
        <BrandLogo variant="icon-label" />
      </Link>
      <div className="app-header__actions">
        <LanguageSwitcher />
        <SkinSwitcher />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
