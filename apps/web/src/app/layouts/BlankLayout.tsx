import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../header/LanguageSwitcher.tsx';
import { SkinSwitcher } from '../header/SkinSwitcher.tsx';
import { AccessGate } from './AccessGate.tsx';
import { SessionGate } from './SessionGate.tsx';

/** Full-page screens without menu: login, error pages, plans, template builder. */
export function BlankLayout() {
  return (
    <SessionGate>
      <Layout className="full-height">
        <header className="blank-header">
          <LanguageSwitcher />
          <SkinSwitcher />
        </header>
        <Layout.Content className="blank-content">
          <AccessGate>
            <Outlet />
          </AccessGate>
        </Layout.Content>
      </Layout>
    </SessionGate>
  );
}
