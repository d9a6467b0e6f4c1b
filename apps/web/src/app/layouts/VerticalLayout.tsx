import { Drawer, Layout, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { isLanguage, isRtl } from '../../lib/language.ts';
import { siderThemeFor, useSkin } from '../../lib/theme.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { AppHeader } from '../header/AppHeader.tsx';
import { SideMenu } from '../menu/SideMenu.tsx';
import { useRouteMeta } from '../useRouteMeta.ts';
import { AccessGate } from './AccessGate.tsx';
import { HelpBanner } from './HelpBanner.tsx';
import { SessionGate } from './SessionGate.tsx';

/**
 * The logged-in layout: side menu (collapsed by default), header, full-width content. On a phone the
 * menu is a drawer over the page, opened from the header and closed by a choice, so it takes no width.
 */
export function VerticalLayout() {
  const { t, i18n } = useTranslation('shell');
  const [collapsed, setCollapsed] = useState(true);
  const siderTheme = siderThemeFor(useSkin());
  const meta = useRouteMeta();
  const { token } = theme.useToken();
  const phone = usePhone();
  const { pathname } = useLocation();
  const rtl = isLanguage(i18n.language) && isRtl(i18n.language);

  useEffect(() => {
    if (phone) setCollapsed(true);
  }, [phone, pathname]);

  const siderStyle =
    siderTheme === 'light' ? { background: token.colorBgContainer, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` } : undefined;
  return (
    <SessionGate>
      <Layout className="full-height">
        <a className="skip-link" href="#main-content">
          {t('skip_to_content')}
        </a>
        {phone ? (
          <Drawer
            open={!collapsed}
            onClose={() => setCollapsed(true)}
            placement={rtl ? 'right' : 'left'}
            size={280}
            title={t('menu.label')}
            styles={{ body: { padding: 0 } }}
            forceRender
          >
            <nav aria-label={t('menu.label')}>
              <SideMenu theme="light" />
            </nav>
          </Drawer>
        ) : (
          <Layout.Sider collapsible collapsed={collapsed} trigger={null} theme={siderTheme} width={248} style={siderStyle}>
            <nav aria-label={t('menu.label')}>
              <SideMenu theme={siderTheme} />
            </nav>
          </Layout.Sider>
        )}
        <Layout>
          <AppHeader menuCollapsed={collapsed} onToggleMenu={() => setCollapsed((value) => !value)} />
          <Layout.Content id="main-content" className="app-content" tabIndex={-1}>
            <AccessGate>
              {meta?.help && <HelpBanner key={meta.help} topic={meta.help} />}
              <Outlet />
            </AccessGate>
          </Layout.Content>
        </Layout>
      </Layout>
    </SessionGate>
  );
}
